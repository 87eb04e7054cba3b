import { DATA_COOKIE } from '@vireo/shared';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

// Issue 21 items 1-2 (wider-portal.md §9; spec §2.1: open pages), Done when: a visitor searches "facturacion" in
// Spanish, without its accent, and finds the billing articles; the help centre's topics, an article and the legal
// pages read in both languages; an English-only article is found from a Spanish search and marked. Every step by
// keyboard; axe on each page.

test.describe('help centre (es)', () => {
  test.use({ appLocale: 'es' });

  test('[SUPPORT] a visitor searches “facturacion” without its accent and finds the billing articles (es)', async ({
    page,
    t,
  }) => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: t('pages.support') })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: t('support.category.billing'), exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const box = page.getByRole('main').getByRole('searchbox', { name: t('support.search.label') });
    await box.focus();
    await page.keyboard.type('facturacion');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search-results\?q=facturacion$/);
    const articles = page.getByRole('region', { name: t('support.search.articles') });
    // (the list's count; a loading indicator is a status too while the results come)
    await expect(articles.getByRole('status').filter({ hasText: /Se encontraron \d+ artículos\./ })).toBeVisible();
    const hits = articles.getByRole('listitem');
    // the billing articles, the word found marked in their text, accents and all
    await expect(
      articles.getByRole('link', { name: 'Su ciclo de facturación y la fecha de vencimiento' }),
    ).toBeVisible();
    await expect(hits.filter({ hasText: t('support.category.billing') }).first()).toBeVisible();
    expect(await hits.filter({ hasText: t('support.category.billing') }).count()).toBeGreaterThanOrEqual(3);
    await expect(articles.locator('mark').first()).toHaveText(/^[Ff]acturaci[oó]n$/);
    // the portal's own billing page among the quick links
    await expect(
      page
        .getByRole('region', { name: t('support.quick.title') })
        .getByRole('link', { name: t('support.quick.payBill') }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // the article, by keyboard, in Spanish, with where it belongs
    const article = articles.getByRole('link', { name: 'Cómo leer su estado de cuenta' });
    await article.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/page\/read-your-statement$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cómo leer su estado de cuenta' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: t('support.article.breadcrumb') });
    await expect(crumbs.getByRole('link', { name: t('support.category.billing') })).toBeVisible();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b(support|pages)\.[a-z]+(\.[A-Za-z]+)*\b/);
    await expectNoAxeViolations(page);
  });

  test('[SUPPORT] an English-only article is found from a Spanish search, marked “in English” (es)', async ({
    page,
    t,
  }) => {
    await page.goto('/search-results?q=SIP%20trunk');
    const articles = page.getByRole('region', { name: t('support.search.articles') });
    const sip = articles.getByRole('link', { name: 'SIP trunk compatibility' });
    await expect(sip).toHaveAttribute('lang', 'en');
    await expect(articles.getByRole('listitem').filter({ hasText: 'SIP trunk compatibility' })).toContainText(
      t('support.language.en'),
    );
    await sip.click();
    await expect(page.getByRole('heading', { level: 1, name: 'SIP trunk compatibility' })).toBeVisible();
    await expect(page.getByText(t('support.article.englishOnly'))).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('[SUPPORT] a visitor opens a topic, an article and the legal pages; nothing found offers topics', async ({
  page,
  t,
}) => {
  await page.goto('/support/category/payments');
  await expect(page.getByRole('heading', { level: 1, name: t('support.category.payments') })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Set up Auto Pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up Auto Pay' })).toBeVisible();
  await expect(page.getByRole('region', { name: t('support.article.related') }).getByRole('link')).not.toHaveCount(0);
  await expectNoAxeViolations(page);

  // the footer's legal link, then the electronic payment terms the Auto Pay flow links to
  await page.goto('/disclaimers');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.disclaimers') })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Electronic payment terms' }).click();
  await expect(page).toHaveURL(/\/page\/electronic-payment-terms$/);
  await expect(page.getByRole('navigation', { name: t('support.article.breadcrumb') })).toContainText(
    t('pages.disclaimers'),
  );
  await expectNoAxeViolations(page);

  await page.goto('/search-results?q=zzqxv%20qqwxz');
  await expect(page.getByText('No articles match “zzqxv qqwxz”.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: t('support.category.selfInstall') })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('[SUPPORT] a visitor checks by keyboard whether the network serves an address; the ZIP code is carried over in the data cookie', async ({
  page,
  t,
}) => {
  await page.goto('/contactus');
  const check = page.getByRole('region', { name: t('support.serviceArea.title') });
  await check.getByRole('textbox', { name: t('support.serviceArea.street') }).focus();
  // Harbor Coffee Co.'s premises (demo-data.md), then a street the network does not reach, then a ZIP code outside
  await page.keyboard.type('120 Commercial St');
  await page.keyboard.press('Tab');
  await page.keyboard.type('04101');
  await page.keyboard.press('Enter');
  // the answer's status (while the check runs, the placeholder's says "Checking the address")
  const verdict = check.getByRole('status').last();
  await expect(verdict).toHaveText(t('support.serviceArea.served', { address: '120 Commercial St, 04101' }));
  const data = (await page.context().cookies()).find((cookie) => cookie.name === DATA_COOKIE);
  expect(Object.fromEntries(new URLSearchParams(decodeURIComponent(data?.value ?? '')))).toEqual({
    zipcode: '04101',
    partnerType: 'CHTR',
  });
  await expectNoAxeViolations(page);
  // the ZIP code field keeps the focus after Enter
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('59801');
  await page.keyboard.press('Enter');
  await expect(verdict).toHaveText(t('support.serviceArea.outside', { zip: '59801' }));
});

test('[SUPPORT] a visitor calls or finds the stores nearest a ZIP code on /contactus, by keyboard', async ({
  page,
  t,
}) => {
  await page.goto('/contactus');
  await expect(page.getByRole('heading', { level: 1, name: t('pages.contactUs') })).toBeVisible();
  const call = page.getByRole('region', { name: t('support.contactUs.call.title') });
  await expect(call.getByRole('link')).toHaveCount(4);
  await expect(call.getByRole('link').first()).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  const finder = page.getByRole('region', { name: t('support.stores.title') });
  const zip = finder.getByRole('textbox', { name: t('support.stores.zip') });
  await zip.focus();
  await page.keyboard.type('3280');
  await page.keyboard.press('Enter');
  await expect(zip).toHaveAccessibleDescription(t('support.stores.zip.invalid'));
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  // the answer's status (while the lookup runs, a second one says "Looking up stores": a loaded machine shows both)
  await expect(finder.getByRole('status').filter({ hasText: 'near' })).toHaveText('3 stores near Orlando, FL 32801');
  await expect(finder.getByRole('article').first()).toHaveAccessibleName('Downtown Orlando');
  await expect(finder.getByRole('article').first()).toContainText('miles away');
  await expectNoAxeViolations(page);
});
