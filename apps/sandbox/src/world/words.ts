/** Vocabulary for synthetic names and text; small on purpose, combined by the seeded hash. */
export const FIRST = [
  'maya',
  'leo',
  'ada',
  'kai',
  'noor',
  'ivan',
  'sara',
  'omar',
  'lena',
  'tom',
  'yui',
  'ravi',
  'zoe',
  'finn',
  'ines',
  'ben',
];
export const LAST = [
  'codes',
  'ships',
  'builds',
  'writes',
  'draws',
  'runs',
  'reads',
  'makes',
  'tests',
  'plays',
];
export const CITIES = ['Berlin', 'Lagos', 'Lima', 'Osaka', 'Austin', 'Lyon', 'Pune', 'Oslo', 'Quito', ''];
export const BIOS = [
  'Building things on the internet.',
  'Coffee, code and long walks. Opinions my own.',
  'Maker of small tools 🛠',
  'Data nerd. Writes about automation.',
  '',
  'Photographer 📷 | traveller',
];
export const OPENERS = [
  'Just shipped',
  'Thinking about',
  'Hot take on',
  'Reading about',
  'Can we talk about',
  'Finally tried',
];
export const TOPICS = [
  'automation',
  'n8n workflows',
  'spreadsheets',
  'the new release',
  'APIs',
  'rate limits',
  'coffee',
];
export const EMOJI = ['🚀', '✨', '🎉', '🤔', '🔥', '📈', '☕'];
