import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { emailSubject, openEmail } from '../support/mailbox';
import { signIn } from '../support/sign-in';

// Issue 21 item 4 (wider-portal.md §9), Done when: a signed-in user files a ticket with a PNG attached and a `.exe`
// renamed `.png` refused (named, with the reason, the message kept), receives the e-mail at /dev/mailbox and sees the
// ticket's status; a visitor's ticket gives a status link that shows it. Every step by keyboard; axe on each state.

// the smallest real PNG, and a Windows program's first bytes (MZ, then the PE header) under a picture's name
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

// the refused program answers 415, the altered status link 404: both are what the page shows, not failures
test.use({ allowedHttpErrors: [404, 415] });

test('[SUPPORT] riverbend-owner writes with a PNG, a renamed .exe is refused, the e-mail arrives and the ticket shows its status', async ({
  page,
  t,
}) => {
  await signIn(page, t, 'riverbend-owner', '/support/forms');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: t('pages.supportForms') })).toBeVisible();
  await expect(main.getByRole('heading', { name: t('support.forms.list.title') })).toBeVisible();
  await expect(main.getByText(t('support.forms.list.empty'))).toBeVisible();
  const answerAt = (await main.getByText(/@/).first().innerText()).match(/[\w.+-]+@[\w.-]+\.\w+/)?.[0] ?? '';
  expect(answerAt).not.toBe('');

  // sending at once names every field in error, the first focused
  await main.getByRole('button', { name: t('support.forms.send') }).click();
  await expect(main.getByRole('combobox', { name: t('support.forms.topic.label') })).toBeFocused();
  await expect(main.getByText(t('support.forms.subject.required'))).toBeVisible();
  await expectNoAxeViolations(page);

  // by keyboard: the topic, the subject (articles that may answer it appear), the message
  await main.getByRole('combobox', { name: t('support.forms.topic.label') }).selectOption('internet');
  await page.keyboard.press('Tab');
  const subject = main.getByRole('textbox', { name: t('support.forms.subject.label') });
  await expect(subject).toBeFocused();
  await page.keyboard.type('modem lights blinking');
  const suggested = main.getByRole('region', { name: t('support.forms.suggested.title') });
  await expect(suggested.getByRole('link').first()).toBeVisible();
  const message = main.getByRole('textbox', { name: t('support.forms.message.label') });
  await message.focus();
  await page.keyboard.type('Since 6 a.m. the modem light blinks orange and nothing connects.');

  // two files: the picture is taken, the program renamed .png is refused by its content, named with the reason
  const chooser = page.waitForEvent('filechooser');
  await main.getByRole('button', { name: t('support.forms.files.choose') }).press('Enter');
  await (await chooser).setFiles([
    { name: 'modem-lights.png', mimeType: 'image/png', buffer: PNG },
    { name: 'holiday.png', mimeType: 'image/png', buffer: EXE },
  ]);
  const refused = t('support.forms.files.refused.notAllowed', { name: 'holiday.png' });
  await expect(main.getByRole('listitem').filter({ hasText: refused })).toBeVisible();
  await expect(
    main.getByRole('button', { name: t('support.forms.files.remove', { name: 'modem-lights.png' }) }),
  ).toBeVisible();
  // nothing typed was lost
  await expect(message).toHaveValue('Since 6 a.m. the modem light blinks orange and nothing connects.');
  await expect(subject).toHaveValue('modem lights blinking');
  await expectNoAxeViolations(page);

  // the consent shows what goes with the ticket before it is sent
  const consent = main.getByRole('checkbox', { name: t('support.forms.context.label') });
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(main.getByText(t('support.forms.context.equipment'), { exact: true })).toBeVisible();
  await expect(main.getByText(t('support.forms.context.traces'), { exact: true })).toBeVisible();

  await main.getByRole('button', { name: t('support.forms.send') }).press('Enter');
  const sent = main.getByRole('heading', { name: /VB-\d{7}/ });
  await expect(sent).toBeFocused();
  const number = ((await sent.innerText()).match(/VB-\d{7}/) ?? [''])[0];
  await expect(main.getByText(t('support.forms.status.received')).first()).toBeVisible();
  await expect(main.getByText('modem-lights.png')).toBeVisible();
  await expectNoAxeViolations(page);

  // the list of the user's tickets has it, with its status
  const list = main.getByRole('region', { name: t('support.forms.list.title') });
  const item = list.getByRole('listitem').filter({ hasText: number });
  await expect(item).toContainText('modem lights blinking');
  await expect(item).toContainText(t('support.forms.status.received'));

  // the confirmation e-mail, in the mailbox
  const subjectLine = emailSubject('en', 'supportTicket.received.subject').replace('{number}', number);
  const body = await openEmail(page, t, answerAt, subjectLine);
  await expect(body).toContainText(number);
  await expect(body).toContainText('/support/forms');
});

test.describe('support forms (es)', () => {
  test.use({ appLocale: 'es' });

  test('[SUPPORT] a visitor writes in Spanish and follows the status link to the ticket (es)', async ({ page, t }) => {
    await page.goto('/support/forms');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('pages.supportForms') })).toBeVisible();
    await main.getByRole('textbox', { name: t('support.forms.name.label') }).fill('Dana Visitante');
    await main.getByRole('textbox', { name: t('support.forms.email.label') }).fill('dana.visitante@example.com');
    await main.getByRole('combobox', { name: t('support.forms.topic.label') }).selectOption('billing');
    await main.getByRole('textbox', { name: t('support.forms.subject.label') }).fill('Factura duplicada');
    await main.getByRole('textbox', { name: t('support.forms.message.label') }).fill('Recibí dos facturas este mes.');
    // a visitor is offered no service context
    await expect(main.getByRole('checkbox', { name: t('support.forms.context.label') })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await main.getByRole('button', { name: t('support.forms.send') }).click();
    await expect(main.getByRole('heading', { name: /VB-\d{7}/ })).toBeVisible();
    const text = await main.innerText();
    expect(text).not.toMatch(/\bsupport\.forms\.[A-Za-z.]+\b/);

    await main.getByRole('link', { name: t('support.forms.sent.statusLink') }).click();
    await expect(page).toHaveURL(/\/support\/forms\?token=/);
    await expect(main.getByRole('heading', { name: 'Factura duplicada' })).toBeVisible();
    await expect(main.getByText(t('support.forms.status.received'))).toBeVisible();
    await expectNoAxeViolations(page);

    // an altered link says it does not work
    await page.goto(`${page.url().slice(0, -3)}xyz`);
    await expect(main.getByRole('heading', { name: t('support.forms.statusLink.unknown.title') })).toBeVisible();
  });
});
