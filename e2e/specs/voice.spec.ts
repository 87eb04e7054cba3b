import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 19 item 4 (wider-portal.md §6): harbor-owner plays a new voicemail by keyboard in the page (the audio comes by
// range requests; it becomes heard and stays where it is), downloads it and the fax; Spanish shows the transcript
// translated with the original a press away; harbor-staff (STANDARD) and riverbend-owner (no phone-meta service) are
// kept out of the voice manager (CPNI, spec §2.1). Only the English test changes the mailbox (tests run in parallel).

test('[VOICE] harbor-owner plays a new voicemail by keyboard, then downloads it and the fax', async ({ page, t }) => {
  await signIn(page, t, 'harbor-owner', '/voice/messages');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.voiceMessages') })).toBeVisible();
  const lines = page.getByRole('navigation', { name: t('voice.lines.label') });
  const front = lines.getByRole('button', { name: /Front counter/ });
  await expect(front).toHaveAttribute('aria-pressed', 'true');
  await expect(front).toContainText(t('voice.lines.newCount', { count: 3 }));
  await expect(page.getByRole('button', { name: t('voice.box.new', { count: 4, known: 'yes' }) })).toBeVisible();
  await expectNoAxeViolations(page);

  const dairy = page.getByRole('article', { name: `${t('voice.message.kind.voicemail')}: CASCO BAY DAIRY` });
  await expect(dairy.getByText(t('voice.message.new'), { exact: true })).toBeVisible();
  const media: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/pub/phoneedge/v2/phone/messages/')) media.push(response.status());
  });
  const heard = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/api/pub/voice/v1/messages/'),
  );
  // by keyboard: the player takes focus, Space plays
  const player = dairy.locator('audio');
  await player.focus();
  await page.keyboard.press('Space');
  expect((await heard).status()).toBe(200);
  await expect(dairy.getByText(t('voice.message.new'), { exact: true })).toHaveCount(0);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);
  // the browser's media pipeline asked for ranges: the server answered 206
  expect(media).toContain(206);
  await expect(front).toContainText(t('voice.lines.newCount', { count: 2 }));
  await expect(page.getByRole('button', { name: t('voice.box.saved', { count: 3, known: 'yes' }) })).toBeVisible();

  const [audio] = await Promise.all([
    page.waitForEvent('download'),
    dairy.getByRole('link', { name: t('voice.message.download') }).click(),
  ]);
  expect(audio.suggestedFilename()).toMatch(/^voicemail-\d{8}-\d{4}\.wav$/);
  const wav = await readFile(await audio.path());
  expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');

  const fax = page.getByRole('article', { name: `${t('voice.message.kind.fax')}: BAYSIDE PAPER` });
  const [document] = await Promise.all([
    page.waitForEvent('download'),
    fax.getByRole('link', { name: t('voice.message.download') }).click(),
  ]);
  expect(document.suggestedFilename()).toMatch(/^fax-\d{8}-\d{4}\.pdf$/);
  expect((await readFile(await document.path())).subarray(0, 5).toString('ascii')).toBe('%PDF-');
});

test.describe('voice (es)', () => {
  test.use({ appLocale: 'es' });

  test('[VOICE] in Spanish: a saved voicemail’s transcript translated, the original a press away (es)', async ({
    page,
    t,
  }) => {
    await signIn(page, t, 'harbor-admin', '/voice/messages');
    await page.getByRole('button', { name: new RegExp(`^${t('voice.box.saved', { count: 0, known: 'no' })}`) }).click();
    const roaster = page.getByRole('article', { name: `${t('voice.message.kind.voicemail')}: NORTHLINE ROASTERS` });
    await expect(roaster.getByText(/nueva mezcla de espresso/)).toHaveAttribute('lang', 'es');
    await expect(roaster).toContainText(t('voice.message.translatedFrom', { language: 'en' }));
    await roaster.getByRole('button', { name: t('voice.message.showOriginal') }).click();
    await expect(roaster.getByText(/new espresso blend/)).toHaveAttribute('lang', 'en');
    await expectNoAxeViolations(page);
  });
});

for (const username of ['harbor-staff', 'riverbend-owner']) {
  test(`[VOICE] ${username} is kept out of the voice manager (CPNI)`, async ({ page, t }) => {
    await signIn(page, t, username, '/voice/messages');
    await expect(page).toHaveURL(/\/account-summary\?notice=noVoiceAccess$/);
    await expect(page.getByRole('heading', { level: 1, name: t('pages.voiceMessages') })).toHaveCount(0);
  });
}
