import { describe, expect, it } from 'vitest';
import { resolveTyped } from './cw.ts';

const choices = [
  { name: "Move to 2nd Floor hallway, by the 2nd Floor Nurses' Station (south) (1 move(s))", value: 'floor2-4-1' },
  { name: "Move to 2nd Floor hallway, by the 2nd Floor Nurses' Station (south-east) (1 move(s))", value: 'floor2-5-1' },
  { name: 'Move to Lobby (3 move(s))', value: 'lobby' },
];

describe('/cw options typed by hand', () => {
  it('§Movement: GIVEN two hallway spaces by the same room WHEN a player types one name (with or without its cost) THEN that space is meant, never its neighbour', () => {
    expect(resolveTyped("2nd Floor hallway, by the 2nd Floor Nurses' Station (south-east)", choices)).toBe('floor2-5-1');
    expect(resolveTyped("Move to 2nd Floor hallway, by the 2nd Floor Nurses' Station (south) (1 move(s))", choices)).toBe('floor2-4-1');
    expect(resolveTyped('lobby', choices)).toBe('lobby');
    expect(resolveTyped('floor2-4-1', choices)).toBe('floor2-4-1');
    expect(resolveTyped('Attic', choices)).toBeNull();
  });
});
