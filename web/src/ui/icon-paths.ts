/**
 * The app's line icons on a 24 × 24 grid, by name: the path of each. A plain module, so the
 * build can copy the first screen's icons into the page the gateway paints
 * (scripts/first-screen-texts.ts) from the very paths `Icon` draws.
 */
export const ICON_PATHS = {
  quotes: 'M3 17l5-5 4 4 8-8M14 8h6v6',
  trade: 'M7 3v3M7 15v6M5 6h4v9H5zM17 3v5M17 16v5M15 8h4v8h-4z',
  order: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  rank: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  back: 'M15 18l-6-6 6-6',
  chevron: 'M9 6l6 6-6 6',
  down: 'M6 9l6 6 6-6',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6 0 10 7 10 7a17 17 0 0 1-3.2 3.9M6.6 6.6C3.8 8.4 2 12 2 12s4 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  plus: 'M12 5v14M5 12h14',
  check: 'M5 12l5 5 9-10',
  close: 'M6 6l12 12M18 6L6 18',
  menu: 'M4 6h16M4 12h16M4 18h16',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  wallet: 'M3 7h16v12H3zM3 7l12-4v4M15 13h2',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  gift: 'M4 11h16v10H4zM2 7h20v4H2zM12 7v14M12 7H8a2 2 0 1 1 2-3l2 3M12 7h4a2 2 0 1 0-2-3l-2 3',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  megaphone: 'M3 10v4h4l8 5V5l-8 5zM18 9a4 4 0 0 1 0 6',
  settings: 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4',
  history: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 3',
  bank: 'M3 10l9-6 9 6M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18',
  coin: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 8h4.5a2 2 0 0 1 0 4H9h5a2 2 0 0 1 0 4H9M11 6v2M11 16v2',
  reset: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  logout: 'M10 5H5v14h5M15 8l4 4-4 4M19 12H9',
  deposit: 'M12 4v11M7 10l5 5 5-5M4 20h16',
  withdraw: 'M12 20V9M7 14l5-5 5 5M4 4h16',
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v4h16v-4',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
} as const;
