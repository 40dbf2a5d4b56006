import { expect, test } from './a11y';
import { newCustomer } from './ordering-support';

test('forgotten password: request a link, set a new password, sign in with it', async ({ page, request }) => {
  // A customer of this journey's own: the password it ends with is nobody else's concern.
  const laura = (await newCustomer(request, 'Tehnoparks', 'Laura')).email;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Aizmirsāt paroli?' }).click();
  await expect(page).toHaveURL(/\/password\/request$/);
  await page.getByLabel('E-pasts').fill(laura);
  await page.getByRole('button', { name: 'Nosūtīt saiti' }).click();
  await expect(page.getByText('Paroles atjaunošanas saite ir nosūtīta uz norādīto e-pastu')).toBeVisible();

  // Without SMTP the message waits in the outbox, which administrators can read.
  const login = await request.post('/app/login', { data: { email: 'admin@demo.lv', password: 'demo-password' } });
  const { token } = await login.json();
  // The mail is written after the answer (the answer must not wait for it), so wait for it here.
  const mailTo = async (to: string): Promise<{ text: string } | undefined> => {
    const outbox = await request.get('/app/admin/outbox', { headers: { authorization: `Bearer ${token}` } });
    return (await outbox.json()).data.find((m: { to: string }) => m.to === to);
  };
  await expect.poll(() => mailTo(laura)).toBeTruthy();
  const mail = (await mailTo(laura))!;
  const link = /https?:\/\/[^\s]+\/password\/reset\/[^\s]+/.exec(mail.text)![0];

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByLabel('E-pasts')).toHaveValue(laura);
  await page.getByLabel(/^Jaunā parole/).fill('laura-new-pass');
  await page.getByLabel(/^Atkārtojiet jauno paroli/).fill('does-not-match');
  // The form validates with the request's schema: the mismatch is refused in the browser with
  // the server's own text, and nothing is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/app/password/reset') sent += 1;
  });
  await page.getByRole('button', { name: 'Atjaunot paroli' }).click();
  await expect(page.getByText('Paroles apstiprinājums nesakrīt.')).toBeVisible();
  expect(sent).toBe(0);
  await page.getByLabel(/^Atkārtojiet jauno paroli/).fill('laura-new-pass');
  await expect(page.getByText('Paroles apstiprinājums nesakrīt.')).toBeHidden();
  await page.getByRole('button', { name: 'Atjaunot paroli' }).click();

  await expect(page).toHaveURL(/\/login\?reset=1$/);
  expect(sent).toBe(1);
  await expect(page.getByText('Jūsu parole ir veiksmīgi atjaunota')).toBeVisible();
  await page.getByLabel('E-pasts').fill(laura);
  await page.getByLabel(/^Parole/).fill('laura-new-pass');
  await page.getByRole('button', { name: 'Pieslēgties' }).click();
  await expect(page.getByRole('button', { name: 'Profila izvēlne: Laura' })).toBeVisible();
});
