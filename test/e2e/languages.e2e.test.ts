import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';

/** The sell-car, trade-in and contact forms in French, Arabic and Swahili, errors included. */
describe('storefront languages', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_languages', { env: { ADMIN_EMAIL: 'desk@autobest.test', ADMIN_PASSWORD: 'a long and secret password' }, workers: false });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** A visitor whose browser speaks English and who chose `language` on an earlier visit. */
  async function visitorWhoChose(language: string): Promise<Page> {
    const context = await stack.browser.newContext({ locale: 'en-GB' });
    await context.addInitScript((code) => localStorage.setItem('user_language', code), language);
    return context.newPage();
  }

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  it('a visitor picks Français in the header; /sell-car is in French and stays French after a reload', async () => {
    const page = await (await stack.browser.newContext({ locale: 'en-GB' })).newPage();
    await page.goto(`${stack.api.url}/sell-car`);
    await heading(page, 'Sell Your Car').waitFor();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await heading(page, 'Vendez votre voiture').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user_language'))).toBe('fr');

    await page.reload();
    await heading(page, 'Vendez votre voiture').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.getByRole('button', { name: 'Envoyer la demande' }).count()).toBe(1);
  });

  it('in Arabic the forms are right to left, and the required-field errors are in Arabic with nothing typed lost', async () => {
    const page = await visitorWhoChose('ar');
    await page.goto(`${stack.api.url}/sell-car`);
    await heading(page, 'بِع سيارتك').waitFor();
    expect(await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }))).toEqual({ dir: 'rtl', lang: 'ar' });

    const form = page.getByRole('form', { name: 'نموذج بيع سيارتك' });
    await form.getByLabel('الاسم الكامل').fill('أمينة بلو');
    await form.getByLabel('الشركة المصنِّعة', { exact: true }).fill('Toyota');
    await form.getByRole('button', { name: 'إرسال الطلب' }).click();
    for (const error of [
      'رقم الهاتف مطلوب',
      'البريد الإلكتروني مطلوب',
      'طراز المركبة مطلوب',
      'سنة صنع المركبة مطلوبة',
      'قراءة العدّاد مطلوبة',
      'نوع الوقود مطلوب',
      'نوع ناقل الحركة مطلوب',
      'السعر المطلوب إلزامي',
      'يجب أن توافق على الشروط والأحكام',
      'يُرجى رفع الصور الست المطلوبة كلها',
    ]) {
      await form.getByText(error, { exact: true }).waitFor();
    }
    expect(await form.getByText('الاسم الكامل مطلوب').count()).toBe(0);
    expect(await form.getByLabel('الاسم الكامل').inputValue()).toBe('أمينة بلو');
    expect(await form.getByLabel('الشركة المصنِّعة', { exact: true }).inputValue()).toBe('Toyota');
    // The focus goes to the first field in error.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('phoneNumber');

    // The trade-in form names the missing photos, each in Arabic.
    await page.goto(`${stack.api.url}/trade-in`);
    await heading(page, 'استبدل مركبتك').waitFor();
    await page.getByRole('button', { name: 'إرسال طلب الاستبدال' }).click();
    await page.getByText('يُرجى رفع صور لـ: الأمام، الخلف، الجانب الأيسر، الجانب الأيمن، المقصورة الداخلية، لوحة القيادة (مع ظهور العدّاد)', { exact: true }).waitFor();
    await page.getByRole('alert').getByText('خطأ في البيانات').waitFor();
  });

  it("in Swahili the contact form's own errors and the API's are in Swahili", async () => {
    const page = await visitorWhoChose('sw');
    await page.goto(`${stack.api.url}/contact`);
    await heading(page, 'Wasiliana Nasi').waitFor();

    const form = page.getByRole('form', { name: 'Fomu ya mawasiliano' });
    await form.getByLabel('Jina la kwanza').fill('Wanjiru');
    await form.getByLabel('Barua pepe').fill('wanjiru@example');
    await form.getByRole('button', { name: 'Tuma Ujumbe' }).click();
    for (const error of ['Jina la ukoo linahitajika', 'Tafadhali weka barua pepe sahihi', 'Namba ya simu inahitajika', 'Ujumbe unahitajika']) {
      await form.getByText(error, { exact: true }).waitFor();
    }
    expect(await form.getByLabel('Jina la kwanza').inputValue()).toBe('Wanjiru');

    // The API stays the authority: a field it refuses comes back with its message's code (and English) and is shown
    // in Swahili, translated by the code whatever the English says.
    await page.route('**/api/contact-messages', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'validation_failed', message: 'Invalid input', fields: { phone: 'Reworded in English' }, codes: { phone: { code: 'phoneInvalid' } } }) }),
    );
    await form.getByLabel('Jina la ukoo').fill('Kamau');
    await form.getByLabel('Barua pepe').fill('wanjiru.kamau@example.co.ke');
    await form.getByLabel('Simu').fill('+254 712 555 014');
    await form.getByLabel('Ujumbe').fill('Je, mnasafirisha magari hadi Nairobi?');
    await form.getByRole('button', { name: 'Tuma Ujumbe' }).click();
    await form.getByText('Tafadhali weka namba ya simu sahihi', { exact: true }).waitFor();
    expect(await form.getByLabel('Ujumbe').inputValue()).toBe('Je, mnasafirisha magari hadi Nairobi?');
  });
});
