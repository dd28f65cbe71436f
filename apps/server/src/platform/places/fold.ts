/**
 * Folding text so that the ways people write one place compare equal: Unicode compatibility forms (full-width
 * letters and digits become plain ones), case, accents, spaces and punctuation, and traditional Chinese characters
 * (the ones place names use) to their simplified forms. A trailing "city" / 市 is dropped, so "Taichung City",
 * "台中市" and "臺中" all fold to "台中".
 */
const TRADITIONAL =
  '臺園門廣慶漢蘇瀋陽爾濱連島濟鄭長廈東莊烏魯齊蘭貴寧無錫亞薩頭溫橫岡戶檳邁達萬馬霧納內峴邊買羅齋費滿倫圖凱別麥瑪開貝維茲庫葉徹愛賽盧華訥輔紐奧陸聖諾歷賈約磯頓鳳舊熱喬靈區縣灣號樓館場廳橋車義興豐龍鳥國學醫書廟鐵電過與發權體會鎮鄉關陳劉張黃線總藝術觀聯環歡運遠鄰夢燈點臉廣業條價寶際陰隊陣陸雙雜雞離難風飛餐飯驛體髮鬥魚鳴麗齒';
const SIMPLIFIED =
  '台园门广庆汉苏沈阳尔滨连岛济郑长厦东庄乌鲁齐兰贵宁无锡亚萨头温横冈户槟迈达万马雾纳内岘边买罗斋费满伦图凯别麦玛开贝维兹库叶彻爱赛卢华讷辅纽奥陆圣诺历贾约矶顿凤旧热乔灵区县湾号楼馆场厅桥车义兴丰龙鸟国学医书庙铁电过与发权体会镇乡关陈刘张黄线总艺术观联环欢运远邻梦灯点脸广业条价宝际阴队阵陆双杂鸡离难风飞餐饭驿体发斗鱼鸣丽齿';

const toSimplified = new Map<string, string>();
for (let i = 0; i < TRADITIONAL.length; i += 1) toSimplified.set(TRADITIONAL[i]!, SIMPLIFIED[i]!);

export function fold(text: string): string {
  const plain = text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s\p{P}\p{S}]/gu, '');
  let out = '';
  for (const char of plain) out += toSimplified.get(char) ?? char;
  const trimmed = out.replace(/(city|市)$/u, '');
  return trimmed === '' ? out : trimmed;
}
