import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await b.newPage();
console.log('node', new Date().toISOString(), 'page', await page.evaluate(() => new Date().toISOString()));
await b.close();
