/** Colours shared by every table image, chosen to stay distinct on a phone screen and for common colour blindness. */
export const PALETTE = {
  background: '#1f2430',
  panel: '#2b3242',
  panelBorder: '#4a556e',
  ink: '#f4f1ea',
  muted: '#b7bdca',
  dark: '#151821',
  white: '#f7f7f2',
  black: '#1b1b1f',
  red: '#d64541',
  green: '#3fa34d',
  yellow: '#f2c230',
  blue: '#3b7dd8',
  purple: '#8e5ac8',
  orange: '#e8833a',
  translucentBlue: 'rgba(80, 150, 255, 0.45)',
} as const;

export type PaletteColour = keyof typeof PALETTE;

/** Die colours of the games' dice bags (Comanauts rulebook "Dice"); `blackRed` is a split die. */
export type DieColour = 'white' | 'black' | 'blackRed' | 'red' | 'green' | 'yellow' | 'blue' | 'purple' | 'translucentBlue';

/** Fill, optional second half (split dice), and the pip/number ink that reads on that fill. */
export const DIE_COLOURS: Readonly<Record<DieColour, { readonly fill: string; readonly fill2?: string; readonly ink: string }>> = {
  white: { fill: PALETTE.white, ink: PALETTE.black },
  black: { fill: PALETTE.black, ink: PALETTE.white },
  blackRed: { fill: PALETTE.black, fill2: PALETTE.red, ink: PALETTE.white },
  red: { fill: PALETTE.red, ink: PALETTE.white },
  green: { fill: PALETTE.green, ink: PALETTE.white },
  yellow: { fill: PALETTE.yellow, ink: PALETTE.black },
  blue: { fill: PALETTE.blue, ink: PALETTE.white },
  purple: { fill: PALETTE.purple, ink: PALETTE.white },
  translucentBlue: { fill: PALETTE.translucentBlue, ink: PALETTE.white },
};

/** Type sizes for a 1600 px wide image; `small` is the floor that stays legible on a phone. */
export const FONT_SIZE = { small: 16, body: 20, label: 24, title: 30, heading: 40 } as const;
