/**
 * The words the generated traffic is made of: search terms and article titles in the scripts
 * that percent-encoded URLs carry (each a common word or place name), and the names, slugs and
 * user agents of logs.
 */

/** Titles and search terms by script; UTF-8 makes 2 (Cyrillic, Greek, Latin accents) to 3 bytes a character. */
export const SCRIPTS: Readonly<Record<string, readonly string[]>> = {
  en: 'history|weather|recipe|football|election|museum|river|island|train|castle|guitar|planet|garden|bridge|festival|language|mountain|library|coffee|theatre'.split(
    '|',
  ),
  latin:
    'Café|Müller|São Paulo|Zürich|Łódź|Kraków|Français|España|Ærø|Škoda|Göteborg|Málaga|Dvořák|Curaçao|Reykjavík|Gdańsk|Ålesund|Bogotá|Straße|Piñata'.split(
      '|',
    ),
  ru: 'Москва|история|Россия|Толстой|погода|война|музыка|литература|город|река|Пушкин|наука|футбол|книга|театр'.split('|'),
  ja: '東京|日本語|富士山|新幹線|寿司|京都|大阪|歴史|天気|漫画|桜|北海道|将棋|温泉|東京タワー'.split('|'),
  zh: '中国|北京|长城|熊猫|历史|上海|天气|音乐|电影|大学|黄河|故宫|茶|书法|春节'.split('|'),
  ar: 'القاهرة|مصر|تاريخ|اللغة العربية|دمشق|بغداد|الطقس|كرة القدم|مكتبة|النيل'.split('|'),
  el: 'Αθήνα|Ελλάδα|ιστορία|Ακρόπολη|Θεσσαλονίκη|Όμηρος|φιλοσοφία|Κρήτη'.split('|'),
  hi: 'भारत|दिल्ली|इतिहास|हिन्दी|मुंबई|क्रिकेट|गंगा|ताजमहल'.split('|'),
  ko: '서울|한국|역사|부산|김치|한글|날씨|축구'.split('|'),
  he: 'ירושלים|ישראל|היסטוריה|תל אביב|עברית|מוזיקה'.split('|'),
  th: 'กรุงเทพ|ประเทศไทย|ประวัติศาสตร์|เชียงใหม่|ภาษาไทย'.split('|'),
};

/** Wikipedia's language subdomain of each script. */
export const WIKI_LANG: Readonly<Record<string, string>> = {
  en: 'en',
  latin: 'de',
  ru: 'ru',
  ja: 'ja',
  zh: 'zh',
  ar: 'ar',
  el: 'el',
  hi: 'hi',
  ko: 'ko',
  he: 'he',
  th: 'th',
};

export const ENGLISH =
  'best|cheap|near|me|how|to|what|is|free|online|review|price|vs|download|new|size|chart|men|women|kids|red|black|blue|shoes|jacket|phone|case|laptop|deal|sale|open|hours|login|weather|tomorrow|news|today|near|recipe|easy|c++|node.js|error|"exact phrase"|a&b|50%|why|when|where|meaning|translate|english'.split(
    '|',
  );

export const NAMES =
  'alice|bob|carol|dave|erin|frank|grace|heidi|ivan|judy|mallory|niaj|olivia|peggy|rupert|sybil|trent|victor|walter|yuki|zoe|octo|dev|hacker|coder|ninja|pixel|rust|node|lambda|kernel|vector|delta|sigma|nova|echo|atlas|orbit|forge'.split(
    '|',
  );

export const REPO_WORDS =
  'api|cli|core|sdk|server|client|web|app|utils|tools|lib|docs|parser|router|cache|auth|db|ui|kit|engine|proxy|worker|bot|infra|config|theme|plugin|site'.split(
    '|',
  );

export const PRODUCT_WORDS =
  'classic|leather|running|wool|cotton|slim|fit|organic|vintage|wireless|waterproof|ceramic|oak|linen|travel|mini|pro|ultra|soft|sneaker|boot|shirt|mug|lamp|chair|backpack|watch|headphones|jacket|dress|scarf|sofa|rug|kettle|blender'.split(
    '|',
  );

export const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
];

export const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
];

export const API_CLIENTS = 'curl/8.4.0|python-requests/2.31.0|Go-http-client/2.0|okhttp/4.12.0|axios/1.6.2|node-fetch/1.0'.split('|');
