import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Client } from 'discord.js';
import { startLocalDiscord, type LocalDiscord } from '../../src/local/discord/index.ts';
import type { GameModule } from '../../src/core/index.ts';
import { tallyGame } from '../support/tally-game.ts';
import { registerTallyStrings } from '../support/tally-strings.ts';
import { gameModules } from '../../src/games/index.ts';
import { startDemoBot } from './demo-bot.ts';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const STACK = new URL('../../src/local/stack.ts', import.meta.url);

/** The lead's `src/local/stack.ts` signature, loaded at run time so this file compiles before it exists. */
interface LocalStack {
  readonly url: string;
  readonly discord: LocalDiscord;
  stop(): Promise<void>;
}
type StartLocalStack = (opts: { port: number; dataDir: string; modules?: Record<string, GameModule<any, any, any>> }) => Promise<LocalStack>;

async function typeLine(page: Page, line: string): Promise<void> {
  await page.click('#input');
  await page.fill('#input', '');
  await page.keyboard.type(line, { delay: 5 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await page.inputValue('#input')) === '' || !(await page.locator('#error').isHidden()), { timeout: 20_000 })
    .toBe(true);
  const error = await page.locator('#error').textContent();
  expect(await page.locator('#error').isHidden(), `the page reported: ${error ?? ''}`).toBe(true);
}

async function playAsPerson(page: Page, url: string, game: string): Promise<{ imagesBefore: number; imagesAfter: number }> {
  await page.goto(`${url}/?user=alice&lang=en`);
  await page.waitForSelector('.channel.active');
  await typeLine(page, `/game new game:${game}`);
  await page.waitForSelector('.channel.thread.active', { timeout: 20_000 });
  const threadName = await page.locator('.channel.thread.active .name').textContent();

  await page.selectOption('#user-switch', 'bob');
  await expect.poll(() => page.locator('#me-avatar').textContent()).toBe('B');
  await expect.poll(() => page.locator('.channel.thread.active .name').textContent()).toBe(threadName);
  await typeLine(page, '/game join');

  await page.selectOption('#user-switch', 'alice');
  await expect.poll(() => page.locator('#me-avatar').textContent()).toBe('A');
  await typeLine(page, '/game start');

  const button = page.locator('.msg .btn:not([disabled])').last();
  await button.waitFor({ timeout: 20_000 });
  const imagesBefore = await page.locator('.msg img').count();
  await button.click();
  await expect.poll(() => page.locator('.msg img').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(Math.max(1, imagesBefore));
  const src = await page.locator('.msg img').last().getAttribute('src');
  const png = await page.evaluate(async (u) => {
    const bytes = new Uint8Array(await (await fetch(u ?? '')).arrayBuffer());
    return [...bytes.slice(0, 4)];
  }, src);
  expect(png).toEqual([0x89, 0x50, 0x4e, 0x47]);
  return { imagesBefore, imagesAfter: await page.locator('.msg img').count() };
}

const CHROMIUM = '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROMIUM))('sandbox page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('against the local Discord and a stand-in bot', () => {
    let discord: LocalDiscord;
    let bot: Client;
    beforeAll(async () => {
      discord = await startLocalDiscord({ port: 0 });
      bot = await startDemoBot(discord);
    });
    afterAll(async () => {
      await bot?.destroy();
      await discord?.close();
    });

    it('GIVEN the composer WHEN alice types part of an option THEN the bot\'s autocomplete choices show and Tab completes them', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${discord.url}/?user=alice&lang=en`);
      await page.click('#input');
      await page.keyboard.type('/ga');
      await expect.poll(() => page.locator('.sug .name').allTextContents()).toContain('/game');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.locator('.sug .name').allTextContents()).toEqual(['new', 'join', 'start', 'speed']);
      await page.keyboard.press('Tab');
      await expect.poll(() => page.locator('.sug .name').first().textContent()).toBe('game:');
      await page.keyboard.type('game:ta');
      await expect.poll(() => page.locator('.sug .name').allTextContents()).toEqual(['tally']);
      await page.keyboard.press('Tab');
      expect(await page.inputValue('#input')).toBe('/game new game:tally ');
      await page.fill('#input', '/game speed pace:');
      await page.keyboard.type('b');
      await expect.poll(() => page.locator('.sug .name').allTextContents()).toEqual(['Brisk']);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('GIVEN alice and bob WHEN they create, join and start a game and click a button THEN the table image shows; bob\'s DM and alice\'s ephemeral show apart', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const images = await playAsPerson(page, discord.url, 'tally');
      await expect.poll(() => page.locator('.msg img').count()).toBeGreaterThan(images.imagesBefore);
      await typeLine(page, '/secrets');
      await expect.poll(() => page.locator('.msg.ephemeral .content').last().textContent()).toContain('7 of cups');
      await page.selectOption('#user-switch', 'bob');
      await expect.poll(() => page.locator('.msg.ephemeral').count()).toBe(0);
      await page.click('#dm-link');
      await expect.poll(() => page.locator('.msg .content').allTextContents()).toEqual(['Welcome to tally. Your secret goal: reach 10 first.']);
      expect(await page.locator('#input').isDisabled()).toBe(true);
      await page.screenshot({ path: join(tmpdir(), 'turnkeeper-sandbox.png') });
      expect(errors).toEqual([]);
      await page.close();
    });
  });

  describe.skipIf(!existsSync(STACK))('against the full local stack (bot + database)', () => {
    let stack: LocalStack;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'turnkeeper-stack-'));
      const { startLocalStack } = (await import(STACK.href)) as { startLocalStack: StartLocalStack };
      registerTallyStrings();
      stack = await startLocalStack({ port: 0, dataDir, modules: { ...gameModules, tally: tallyGame } });
    });
    afterAll(async () => {
      await stack?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('GIVEN the real bot WHEN alice creates a tally game, bob joins, alice starts and clicks a button THEN the table image shows', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await playAsPerson(page, stack.url, 'tally');
      await page.close();
    });

    it('GIVEN bob chooses Spanish and alice keeps English WHEN the page switches between them THEN each sees the page and the bot\'s answers in their own language', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${stack.url}/?user=alice&lang=en`);
      await page.waitForSelector('.channel.active');
      await page.selectOption('#user-switch', 'bob');
      await expect.poll(() => page.locator('#me-avatar').textContent()).toBe('B');
      await page.selectOption('#lang', 'es');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
      await typeLine(page, '/help');
      await expect.poll(() => page.locator('.msg.ephemeral .content').last().textContent()).toMatch(/Turnkeeper dirige juegos de mesa/);
      // Discord shows command descriptions in the client's language (description_localizations).
      await page.click('#input');
      await page.fill('#input', '');
      await page.keyboard.type('/pref');
      await expect.poll(() => page.locator('.sug .desc').allTextContents()).toContain('Cómo y cuándo te avisa el bot');
      await page.keyboard.press('Escape');
      await page.fill('#input', '');
      await page.selectOption('#user-switch', 'alice');
      await expect.poll(() => page.locator('#lang').inputValue()).toBe('en');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
      await typeLine(page, '/help');
      await expect.poll(() => page.locator('.msg.ephemeral .content').last().textContent()).toMatch(/Turnkeeper runs tabletop games/);
      await page.click('#input');
      await page.keyboard.type('/pref');
      await expect.poll(() => page.locator('.sug .desc').allTextContents()).toContain('How and when the bot reminds you');
      await page.keyboard.press('Escape');
      await page.fill('#input', '');
      await page.selectOption('#user-switch', 'bob');
      await expect.poll(() => page.locator('#lang').inputValue()).toBe('es');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('GIVEN the real bot WHEN alice and bob play an adventure game from the page THEN its rendered table shows', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await playAsPerson(page, stack.url, 'adventure');
      await page.screenshot({ path: join(tmpdir(), 'turnkeeper-sandbox-adventure.png') });
      await page.close();
    });
  });
});
