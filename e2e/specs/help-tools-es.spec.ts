import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/sign-in';

// Issue 21 item 8: troubleshooting, self-install and the speed test read in Spanish, with no message id left and no
// axe violation (pinecrest-owner: no outage at its address, no kit waiting).

test.describe('help tools (es)', () => {
  test.use({ appLocale: 'es' });

  test('[SUPPORT] troubleshooting, self-install and the speed test read in Spanish (es)', async ({ page, t }) => {
    test.slow();
    const pages = [
      ['/troubleshoot-stub', 'support.troubleshoot.title.internet', 'support.troubleshoot.step.equipment'],
      ['/troubleshoot-stub-2', 'support.troubleshoot.title.tvPhone', 'support.troubleshoot.step.equipment'],
      ['/services/internet/speed-test', 'pages.speedTest', 'speedTest.history.title'],
      ['/selfinstall', 'selfInstall.nothing.title', null],
      ['/selfinstall/contact-to-continue', 'selfInstall.contactToContinue.title', null],
    ] as const;
    await signIn(page, t, 'pinecrest-owner', pages[0][0]);
    for (const [index, [path, title, loaded]] of pages.entries()) {
      if (index > 0) await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: t(title) })).toBeVisible();
      if (loaded) await expect(page.getByRole('heading', { level: 2, name: t(loaded) })).toBeVisible();
      const text = await page.locator('main').innerText();
      expect(text, path).not.toMatch(/\b(support|selfInstall|speedTest|services|pages)\.[a-z]+(\.[A-Za-z]+)*\b/);
      await expectNoAxeViolations(page);
    }
  });
});
