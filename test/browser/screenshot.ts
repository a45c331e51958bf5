/**
 * Developer helper, not a test: plays a short game with the stand-in bot and saves screenshots of the
 * sandbox page. Run `npx tsx test/browser/screenshot.ts [outDir]` (default /tmp/shots).
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startLocalDiscord } from '../../src/local/discord/index.ts';
import { startDemoBot } from './demo-bot.ts';

const out = process.argv[2] ?? '/tmp/shots';
await mkdir(out, { recursive: true });
const discord = await startLocalDiscord({ port: 0 });
const bot = await startDemoBot(discord);
await discord.slash('alice', discord.channelId, '/game new game:tally players:2');
const thread = discord.threads(discord.channelId)[0]!;
await discord.slash('bob', thread.id, '/game join');
await discord.slash('alice', thread.id, '/game start');
await new Promise((r) => setTimeout(r, 300));
await discord.slash('alice', thread.id, '/secrets');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('console', (m) => console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${discord.url}/?user=alice&channel=${thread.id}`);
await page.waitForSelector('.msg');
await page.waitForTimeout(400);
await page.screenshot({ path: `${out}/thread.png` });
await page.fill('#input', '/game new game:co');
await page.waitForTimeout(600);
await page.screenshot({ path: `${out}/complete.png` });
await page.fill('#input', '/game ');
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}/subs.png` });
await page.goto(`${discord.url}/?user=bob&channel=${discord.world.findDmChannel(discord.user('bob').id)!.id}&lang=es`);
await page.waitForSelector('.msg');
await page.screenshot({ path: `${out}/dm-es.png` });
await browser.close();
await bot.destroy();
await discord.close();
