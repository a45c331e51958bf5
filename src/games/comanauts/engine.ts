/**
 * The Comanauts rules engine: a draft of the state that rule steps change, and the steps themselves,
 * one module per concern under `engine/`: the draft, the table's basics (dice, cards, prompts), items,
 * the page and its enemies, the book's effects and rolls, the enemy turn, the Morass, the turn's steps,
 * and the checks behind move and attack refusals. This file is what the rest of the game imports.
 */
export { addStatus, rulesOf, avatarCard, avatarsOnMap, BASE_LIFE, dieKind, discardDice, drawDice, effectWork, ENEMY_SLOTS, enemyCard, equippedItems, freeSpots, HAND_SIZE, INSIGHT_PER_CLUE, INVENTORY_LIMIT, isAttribute, itemCard, lose, pickDice, prompt, pub, refreshBag, revealVitalSign, rollTotal, SAFE_THREAT_DICE, SEARCH_TARGET, space, spotPoint, statusCard, takeFromHand, type Env } from './engine/basics.ts';
export { runEffect } from './engine/book.ts';
export { bookAbility, environmentAction, openDoorAction, passTestNow, useItemAction } from './engine/book-page.ts';
export { doorsBeside, mapOf } from './engine/doors.ts';
export { rollPurposeKind } from './engine/rolls.ts';
export { allDice, moveRejection, rangedRejection } from './engine/checks.ts';
export { draftOf, type Draft } from './engine/draft.ts';
export { enemyTargets } from './engine/enemy.ts';
export { equipStartingItems, freeSlotsFor, gainOptions, markSuspicious, removeItem, slotsFor, itemHolder } from './engine/items.ts';
export { defeatEnemy, encounter, enterPage, markPoi, packPart, placeEnemy } from './engine/page.ts';
export { drain, drawStep, gainClarity, resume } from './engine/turn.ts';
