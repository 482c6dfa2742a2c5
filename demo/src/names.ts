/**
 * Made-up people, publishers and places for the demo catalogue. Name lists are grouped by culture so a
 * generated name pairs a given name and a family name that belong together.
 */
export interface NameCulture {
  key: string;
  given: string[];
  family: string[];
}

export const NAME_CULTURES: NameCulture[] = [
  {
    key: 'japanese',
    given: ['Haruka', 'Ren', 'Sora', 'Kaede', 'Mio', 'Daichi', 'Itsuki', 'Chihiro', 'Tomoe', 'Asahi', 'Nanami', 'Kyosuke', 'Hinata', 'Shion', 'Riku', 'Yuzuki'],
    family: ['Hanazono', 'Kusunoki', 'Shirasaka', 'Amagai', 'Tsukishima', 'Okabe', 'Minase', 'Yamabuki', 'Kuraishi', 'Asahina', 'Nagatsuki', 'Kiriya', 'Mochizuki', 'Sakuraba', 'Hoshimura', 'Igarashi'],
  },
  {
    key: 'korean',
    given: ['Seo-yeon', 'Ji-ho', 'Min-jun', 'Ha-eun', 'Do-yun', 'Ye-jin', 'Tae-oh', 'Su-bin'],
    family: ['Baek', 'Seo', 'Han', 'Yoon', 'Kang', 'Moon', 'Jang', 'Ryu'],
  },
  {
    key: 'chinese',
    given: ['Xiaoyu', 'Ruolan', 'Haoran', 'Meilin', 'Zihan', 'Jiawei', 'Shuyi', 'Kaiwen'],
    family: ['Zhou', 'Tang', 'Qiao', 'Shen', 'Fang', 'Lu', 'Xu', 'Bai'],
  },
  {
    key: 'spanish',
    given: ['Lucía', 'Mateo', 'Valentina', 'Ignacio', 'Ximena', 'Joaquín', 'Carmela', 'Rodrigo'],
    family: ['Robledo', 'Etxeberria', 'Quintana', 'Salcedo', 'Villanueva', 'Arrieta', 'Montoya', 'Cisneros'],
  },
  {
    key: 'nigerian',
    given: ['Chidinma', 'Tobi', 'Adaeze', 'Emeka', 'Folake', 'Kelechi', 'Ifeoma', 'Segun'],
    family: ['Adeyemi', 'Nwosu', 'Balogun', 'Eze', 'Okafor', 'Obi', 'Olatunji', 'Ike'],
  },
  {
    key: 'indian',
    given: ['Ananya', 'Rohan', 'Kavya', 'Arjun', 'Meera', 'Vikram', 'Ishaan', 'Tara'],
    family: ['Iyer', 'Deshpande', 'Bhattacharya', 'Menon', 'Kulkarni', 'Rao', 'Sethi', 'Chatterjee'],
  },
  {
    key: 'nordic',
    given: ['Sigrid', 'Eskil', 'Freja', 'Oskar', 'Ingrid', 'Leif', 'Astrid', 'Torvald'],
    family: ['Lindqvist', 'Aalto', 'Brekke', 'Halvorsen', 'Virtanen', 'Solberg', 'Ekdahl', 'Nyberg'],
  },
  {
    key: 'french',
    given: ['Margaux', 'Théo', 'Camille', 'Baptiste', 'Élodie', 'Lucien', 'Inès', 'Gaspard'],
    family: ['Duvernay', 'Lemaire', 'Faucher', 'Berthier', 'Vasseur', 'Chevalier', 'Fontaine', 'Marchand'],
  },
  {
    key: 'arabic',
    given: ['Yasmin', 'Karim', 'Layla', 'Omar', 'Nadia', 'Samir', 'Rania', 'Tariq'],
    family: ['Haddad', 'Nassar', 'Khoury', 'Saleh', 'Mansour', 'Aziz', 'Farah', 'Bitar'],
  },
  {
    key: 'brazilian',
    given: ['Thiago', 'Luana', 'Caio', 'Bruna', 'Rafaela', 'Davi', 'Yara', 'Otávio'],
    family: ['Ferraz', 'Albuquerque', 'Moreira', 'Barros', 'Teixeira', 'Campos', 'Prado', 'Rezende'],
  },
  {
    key: 'british-irish',
    given: ['Niamh', 'Callum', 'Imogen', 'Rory', 'Saoirse', 'Declan', 'Harriet', 'Finn'],
    family: ['Farrow', 'Whitlock', 'Ashby', 'Quill', 'Doherty', 'Kettering', 'Marsh', 'Pryce'],
  },
  {
    key: 'vietnamese',
    given: ['Linh', 'Minh', 'Thao', 'Quang', 'Vy', 'Bao'],
    family: ['Tran', 'Pham', 'Vu', 'Dang', 'Ngo', 'Huynh'],
  },
  {
    key: 'turkish',
    given: ['Elif', 'Deniz', 'Emre', 'Zeynep', 'Kerem', 'Defne'],
    family: ['Aksoy', 'Yıldız', 'Kaya', 'Demir', 'Ertan', 'Tuncer'],
  },
  {
    key: 'filipino',
    given: ['Isko', 'Marisol', 'Paolo', 'Bea', 'Jomar', 'Liza'],
    family: ['Villareal', 'Dimaculangan', 'Bautista', 'Macaraeg', 'Lacson', 'Soriano'],
  },
  {
    key: 'polish',
    given: ['Zofia', 'Tomasz', 'Milena', 'Kacper', 'Agata', 'Bartek'],
    family: ['Nowak', 'Wrona', 'Sowa', 'Kowal', 'Mazur', 'Lis'],
  },
];

export type ImprintRole = 'general' | 'kids' | 'mature';

export interface PublisherProfile {
  key: string;
  name: string;
  imprints: Array<{ name: string; role: ImprintRole }>;
  /**
   * manga: read right to left, chapters simulpublished then collected; comics: collected volumes in
   * print and digital; webcomics: digital-first chapters, the odd print collection.
   */
  kind: 'manga' | 'comics' | 'webcomics';
  /** How many of the base (non-spin-off) series it publishes. */
  seriesCount: number;
  /** Cultures its creators and protagonists are drawn from; empty = any. */
  cultures: string[];
  /** Prefix of print inventory ids. */
  inventoryPrefix: string;
}

export const PUBLISHERS: PublisherProfile[] = [
  {
    key: 'hoshizora-shoten',
    name: 'Hoshizora Shoten',
    imprints: [
      { name: 'Hoshizora Comics', role: 'general' },
      { name: 'Hoshizora Bloom', role: 'kids' },
      { name: 'Hoshizora Midnight', role: 'mature' },
    ],
    kind: 'manga',
    seriesCount: 14,
    cultures: ['japanese'],
    inventoryPrefix: 'HZS',
  },
  {
    key: 'lanternfall-press',
    name: 'Lanternfall Press',
    imprints: [
      { name: 'Lanternfall', role: 'general' },
      { name: 'Lanternfall Junior', role: 'kids' },
      { name: 'Nightjar', role: 'mature' },
    ],
    kind: 'comics',
    seriesCount: 11,
    cultures: [],
    inventoryPrefix: 'LFP',
  },
  {
    key: 'tidewater-comics',
    name: 'Tidewater Comics',
    imprints: [
      { name: 'Tidewater', role: 'general' },
      { name: 'Undertow', role: 'mature' },
    ],
    kind: 'comics',
    seriesCount: 9,
    cultures: [],
    inventoryPrefix: 'TWC',
  },
  {
    key: 'paperkite-studio',
    name: 'Paperkite Studio',
    imprints: [
      { name: 'Paperkite', role: 'general' },
      { name: 'Paperkite Originals', role: 'mature' },
    ],
    kind: 'webcomics',
    seriesCount: 7,
    cultures: [],
    inventoryPrefix: 'PKS',
  },
];

/**
 * Japanese title parts for "A no B" original-language titles of manga series: kanji, romanization,
 * English.
 */
export const JAPANESE_TITLE_HEADS: Array<[string, string]> = [
  ['夜', 'Yoru'], ['月', 'Tsuki'], ['星', 'Hoshi'], ['雨', 'Ame'], ['雪', 'Yuki'], ['海', 'Umi'],
  ['風', 'Kaze'], ['花', 'Hana'], ['狐', 'Kitsune'], ['猫', 'Neko'], ['灯', 'Akari'], ['森', 'Mori'],
  ['夏', 'Natsu'], ['冬', 'Fuyu'], ['硝子', 'Garasu'], ['鴉', 'Karasu'],
];
export const JAPANESE_TITLE_TAILS: Array<[string, string]> = [
  ['庭', 'Niwa'], ['食堂', 'Shokudō'], ['剣', 'Tsurugi'], ['城', 'Shiro'], ['探偵', 'Tantei'],
  ['手紙', 'Tegami'], ['約束', 'Yakusoku'], ['旅人', 'Tabibito'], ['王国', 'Ōkoku'], ['記憶', 'Kioku'],
  ['台所', 'Daidokoro'], ['影', 'Kage'], ['橋', 'Hashi'], ['魔女', 'Majo'], ['灯台', 'Tōdai'],
];

/** Made-up conventions and shops for event news. */
export const CONVENTIONS = ['Harborlight Comic Fest', 'Northern Ink Expo', 'Riverside Small Press Fair', 'Lantern City Comic Days'];
export const BOOKSHOPS = ['Paper Moon Books in Lisbon', 'The Gutter Space in Manchester', 'Kite & Quill in Toronto', 'Moonrise Comics in Melbourne', 'Inkpot Books in Austin'];
