/**
 * The city catalogue, Asia. One line a city, `|`-separated:
 * id | country | lat | lon | IANA zone | English | 繁體 | 简体 (empty: as 繁體) | more names people type (`,`).
 * Parsed by cities.ts; the ids are stored in activities.city and key the city chat rooms, so they never change.
 */
export const ASIA = `
taipei|TW|25.033|121.565|Asia/Taipei|Taipei|臺北|台北|Taipei City,台北市,臺北市,Taibei,Taipeh
new-taipei|TW|25.012|121.465|Asia/Taipei|New Taipei|新北|新北|New Taipei City,新北市,板橋,Banqiao
taoyuan|TW|24.993|121.301|Asia/Taipei|Taoyuan|桃園|桃园|桃園市
hsinchu|TW|24.804|120.971|Asia/Taipei|Hsinchu|新竹|新竹|新竹市
taichung|TW|24.148|120.674|Asia/Taipei|Taichung|臺中|台中|Taichung City,台中市,臺中市
tainan|TW|22.999|120.227|Asia/Taipei|Tainan|臺南|台南|台南市,臺南市
kaohsiung|TW|22.627|120.301|Asia/Taipei|Kaohsiung|高雄|高雄|高雄市
hong-kong|HK|22.319|114.169|Asia/Hong_Kong|Hong Kong|香港|香港|HK,Hongkong,HKSAR
macau|MO|22.199|113.544|Asia/Macau|Macau|澳門|澳门|Macao
beijing|CN|39.904|116.407|Asia/Shanghai|Beijing|北京|北京|Peking,北京市,Beijing City
shanghai|CN|31.230|121.474|Asia/Shanghai|Shanghai|上海|上海|上海市
guangzhou|CN|23.129|113.264|Asia/Shanghai|Guangzhou|廣州|广州|Canton,廣州市
shenzhen|CN|22.543|114.058|Asia/Shanghai|Shenzhen|深圳|深圳|深圳市
chongqing|CN|29.563|106.551|Asia/Shanghai|Chongqing|重慶|重庆|Chungking
tianjin|CN|39.084|117.201|Asia/Shanghai|Tianjin|天津|天津|Tientsin
chengdu|CN|30.573|104.066|Asia/Shanghai|Chengdu|成都|成都|
wuhan|CN|30.593|114.305|Asia/Shanghai|Wuhan|武漢|武汉|
hangzhou|CN|30.274|120.155|Asia/Shanghai|Hangzhou|杭州|杭州|
nanjing|CN|32.060|118.797|Asia/Shanghai|Nanjing|南京|南京|Nanking
xian|CN|34.341|108.940|Asia/Shanghai|Xi'an|西安|西安|Xian
suzhou|CN|31.299|120.585|Asia/Shanghai|Suzhou|蘇州|苏州|
shenyang|CN|41.806|123.432|Asia/Shanghai|Shenyang|瀋陽|沈阳|Mukden
harbin|CN|45.803|126.535|Asia/Shanghai|Harbin|哈爾濱|哈尔滨|
dalian|CN|38.914|121.615|Asia/Shanghai|Dalian|大連|大连|
qingdao|CN|36.067|120.383|Asia/Shanghai|Qingdao|青島|青岛|Tsingtao
jinan|CN|36.651|117.120|Asia/Shanghai|Jinan|濟南|济南|
zhengzhou|CN|34.747|113.625|Asia/Shanghai|Zhengzhou|鄭州|郑州|
changsha|CN|28.228|112.939|Asia/Shanghai|Changsha|長沙|长沙|
kunming|CN|24.880|102.833|Asia/Shanghai|Kunming|昆明|昆明|
xiamen|CN|24.480|118.089|Asia/Shanghai|Xiamen|廈門|厦门|Amoy
fuzhou|CN|26.074|119.296|Asia/Shanghai|Fuzhou|福州|福州|
dongguan|CN|23.021|113.752|Asia/Shanghai|Dongguan|東莞|东莞|
foshan|CN|23.022|113.122|Asia/Shanghai|Foshan|佛山|佛山|
hefei|CN|31.821|117.227|Asia/Shanghai|Hefei|合肥|合肥|
nanchang|CN|28.682|115.858|Asia/Shanghai|Nanchang|南昌|南昌|
shijiazhuang|CN|38.042|114.515|Asia/Shanghai|Shijiazhuang|石家莊|石家庄|
taiyuan|CN|37.870|112.549|Asia/Shanghai|Taiyuan|太原|太原|
changchun|CN|43.817|125.324|Asia/Shanghai|Changchun|長春|长春|
urumqi|CN|43.825|87.617|Asia/Shanghai|Ürümqi|烏魯木齊|乌鲁木齐|Urumqi
lanzhou|CN|36.061|103.834|Asia/Shanghai|Lanzhou|蘭州|兰州|
guiyang|CN|26.647|106.630|Asia/Shanghai|Guiyang|貴陽|贵阳|
nanning|CN|22.817|108.366|Asia/Shanghai|Nanning|南寧|南宁|
ningbo|CN|29.868|121.544|Asia/Shanghai|Ningbo|寧波|宁波|
wuxi|CN|31.491|120.312|Asia/Shanghai|Wuxi|無錫|无锡|
zhuhai|CN|22.271|113.577|Asia/Shanghai|Zhuhai|珠海|珠海|
haikou|CN|20.044|110.198|Asia/Shanghai|Haikou|海口|海口|
sanya|CN|18.252|109.512|Asia/Shanghai|Sanya|三亞|三亚|
lhasa|CN|29.652|91.172|Asia/Shanghai|Lhasa|拉薩|拉萨|
hohhot|CN|40.842|111.749|Asia/Shanghai|Hohhot|呼和浩特|呼和浩特|
shantou|CN|23.354|116.682|Asia/Shanghai|Shantou|汕頭|汕头|Swatow
wenzhou|CN|27.994|120.699|Asia/Shanghai|Wenzhou|溫州|温州|
xuzhou|CN|34.205|117.285|Asia/Shanghai|Xuzhou|徐州|徐州|
tangshan|CN|39.631|118.180|Asia/Shanghai|Tangshan|唐山|唐山|
luoyang|CN|34.620|112.454|Asia/Shanghai|Luoyang|洛陽|洛阳|
quanzhou|CN|24.874|118.676|Asia/Shanghai|Quanzhou|泉州|泉州|
tokyo|JP|35.690|139.692|Asia/Tokyo|Tokyo|東京|东京|Tokyo-to,東京都,Tōkyō
yokohama|JP|35.444|139.638|Asia/Tokyo|Yokohama|橫濱|横滨|横浜
osaka|JP|34.694|135.502|Asia/Tokyo|Osaka|大阪|大阪|大阪市,Ōsaka
kyoto|JP|35.012|135.768|Asia/Tokyo|Kyoto|京都|京都|Kyōto
nagoya|JP|35.181|136.906|Asia/Tokyo|Nagoya|名古屋|名古屋|
sapporo|JP|43.062|141.354|Asia/Tokyo|Sapporo|札幌|札幌|
fukuoka|JP|33.590|130.402|Asia/Tokyo|Fukuoka|福岡|福冈|
kobe|JP|34.690|135.196|Asia/Tokyo|Kobe|神戶|神户|神戸,Kōbe
kawasaki|JP|35.531|139.703|Asia/Tokyo|Kawasaki|川崎|川崎|
hiroshima|JP|34.385|132.455|Asia/Tokyo|Hiroshima|廣島|广岛|広島
sendai|JP|38.268|140.870|Asia/Tokyo|Sendai|仙台|仙台|
naha|JP|26.212|127.681|Asia/Tokyo|Naha|那霸|那霸|那覇,Okinawa,沖繩,冲绳
seoul|KR|37.567|126.978|Asia/Seoul|Seoul|首爾|首尔|서울,漢城,汉城
busan|KR|35.180|129.076|Asia/Seoul|Busan|釜山|釜山|부산,Pusan
incheon|KR|37.456|126.705|Asia/Seoul|Incheon|仁川|仁川|인천
daegu|KR|35.871|128.601|Asia/Seoul|Daegu|大邱|大邱|대구
daejeon|KR|36.351|127.385|Asia/Seoul|Daejeon|大田|大田|대전
gwangju|KR|35.160|126.852|Asia/Seoul|Gwangju|光州|光州|광주
pyongyang|KP|39.039|125.762|Asia/Pyongyang|Pyongyang|平壤|平壤|
ulaanbaatar|MN|47.886|106.906|Asia/Ulaanbaatar|Ulaanbaatar|烏蘭巴托|乌兰巴托|Ulan Bator
singapore|SG|1.352|103.820|Asia/Singapore|Singapore|新加坡|新加坡|星加坡,Lion City,SG
kuala-lumpur|MY|3.139|101.687|Asia/Kuala_Lumpur|Kuala Lumpur|吉隆坡|吉隆坡|KL
george-town|MY|5.414|100.329|Asia/Kuala_Lumpur|George Town|檳城|槟城|Penang,喬治市,乔治市
johor-bahru|MY|1.493|103.741|Asia/Kuala_Lumpur|Johor Bahru|新山|新山|JB
bangkok|TH|13.756|100.502|Asia/Bangkok|Bangkok|曼谷|曼谷|กรุงเทพมหานคร,Krung Thep
chiang-mai|TH|18.788|98.985|Asia/Bangkok|Chiang Mai|清邁|清迈|
phuket|TH|7.880|98.392|Asia/Bangkok|Phuket|普吉|普吉|普吉島,普吉岛
jakarta|ID|-6.208|106.846|Asia/Jakarta|Jakarta|雅加達|雅加达|
surabaya|ID|-7.257|112.752|Asia/Jakarta|Surabaya|泗水|泗水|
bandung|ID|-6.917|107.619|Asia/Jakarta|Bandung|萬隆|万隆|
medan|ID|3.595|98.672|Asia/Jakarta|Medan|棉蘭|棉兰|
denpasar|ID|-8.650|115.216|Asia/Makassar|Bali (Denpasar)|峇里島|巴厘岛|Bali,Denpasar,巴釐島,登巴薩,登巴萨
makassar|ID|-5.148|119.432|Asia/Makassar|Makassar|望加錫|望加锡|
manila|PH|14.599|120.984|Asia/Manila|Manila|馬尼拉|马尼拉|Metro Manila
quezon-city|PH|14.676|121.044|Asia/Manila|Quezon City|奎松市|奎松市|
cebu|PH|10.316|123.885|Asia/Manila|Cebu|宿霧|宿务|Cebu City
davao|PH|7.190|125.455|Asia/Manila|Davao|納卯|达沃|Davao City
hanoi|VN|21.028|105.834|Asia/Ho_Chi_Minh|Hanoi|河內|河内|Hà Nội,Ha Noi
ho-chi-minh-city|VN|10.823|106.630|Asia/Ho_Chi_Minh|Ho Chi Minh City|胡志明市|胡志明市|Saigon,西貢,西贡,Hồ Chí Minh,HCMC
da-nang|VN|16.054|108.202|Asia/Ho_Chi_Minh|Da Nang|峴港|岘港|Đà Nẵng
haiphong|VN|20.845|106.688|Asia/Ho_Chi_Minh|Haiphong|海防|海防|Hải Phòng
phnom-penh|KH|11.556|104.928|Asia/Phnom_Penh|Phnom Penh|金邊|金边|
vientiane|LA|17.975|102.633|Asia/Vientiane|Vientiane|永珍|万象|
yangon|MM|16.866|96.195|Asia/Yangon|Yangon|仰光|仰光|Rangoon
naypyidaw|MM|19.763|96.078|Asia/Yangon|Naypyidaw|奈比多|内比都|Nay Pyi Taw
mandalay|MM|21.959|96.089|Asia/Yangon|Mandalay|曼德勒|曼德勒|
bandar-seri-begawan|BN|4.903|114.940|Asia/Brunei|Bandar Seri Begawan|斯里巴卡旺|斯里巴加湾市|
dili|TL|-8.556|125.560|Asia/Dili|Dili|帝力|帝力|
new-delhi|IN|28.614|77.209|Asia/Kolkata|New Delhi|新德里|新德里|Delhi,德里
mumbai|IN|19.076|72.878|Asia/Kolkata|Mumbai|孟買|孟买|Bombay
bengaluru|IN|12.972|77.595|Asia/Kolkata|Bengaluru|班加羅爾|班加罗尔|Bangalore
kolkata|IN|22.573|88.364|Asia/Kolkata|Kolkata|加爾各答|加尔各答|Calcutta
chennai|IN|13.083|80.271|Asia/Kolkata|Chennai|清奈|金奈|Madras
hyderabad|IN|17.385|78.487|Asia/Kolkata|Hyderabad|海德拉巴|海德拉巴|
ahmedabad|IN|23.023|72.571|Asia/Kolkata|Ahmedabad|艾哈邁達巴德|艾哈迈达巴德|
pune|IN|18.520|73.857|Asia/Kolkata|Pune|浦那|浦那|Poona
surat|IN|21.170|72.831|Asia/Kolkata|Surat|蘇拉特|苏拉特|
jaipur|IN|26.912|75.787|Asia/Kolkata|Jaipur|齋浦爾|斋浦尔|
lucknow|IN|26.847|80.946|Asia/Kolkata|Lucknow|勒克瑙|勒克瑙|
kanpur|IN|26.450|80.332|Asia/Kolkata|Kanpur|坎普爾|坎普尔|
nagpur|IN|21.146|79.088|Asia/Kolkata|Nagpur|那格浦爾|那格浦尔|
karachi|PK|24.861|67.010|Asia/Karachi|Karachi|喀拉蚩|卡拉奇|卡拉奇
lahore|PK|31.520|74.359|Asia/Karachi|Lahore|拉合爾|拉合尔|
islamabad|PK|33.684|73.048|Asia/Karachi|Islamabad|伊斯蘭堡|伊斯兰堡|
faisalabad|PK|31.418|73.079|Asia/Karachi|Faisalabad|費薩拉巴德|费萨拉巴德|
dhaka|BD|23.810|90.413|Asia/Dhaka|Dhaka|達卡|达卡|Dacca
chittagong|BD|22.357|91.783|Asia/Dhaka|Chittagong|吉大港|吉大港|Chattogram
kathmandu|NP|27.717|85.324|Asia/Kathmandu|Kathmandu|加德滿都|加德满都|
colombo|LK|6.927|79.861|Asia/Colombo|Colombo|可倫坡|科伦坡|科倫坡
thimphu|BT|27.472|89.639|Asia/Thimphu|Thimphu|廷布|廷布|
male|MV|4.175|73.509|Indian/Maldives|Malé|馬列|马累|Male,馬累
kabul|AF|34.555|69.207|Asia/Kabul|Kabul|喀布爾|喀布尔|
tashkent|UZ|41.299|69.240|Asia/Tashkent|Tashkent|塔什干|塔什干|Toshkent
astana|KZ|51.169|71.449|Asia/Almaty|Astana|阿斯塔納|阿斯塔纳|Nur-Sultan
almaty|KZ|43.222|76.851|Asia/Almaty|Almaty|阿拉木圖|阿拉木图|Alma-Ata
bishkek|KG|42.875|74.570|Asia/Bishkek|Bishkek|比斯凱克|比什凯克|
dushanbe|TJ|38.560|68.774|Asia/Dushanbe|Dushanbe|杜尚別|杜尚别|
ashgabat|TM|37.960|58.326|Asia/Ashgabat|Ashgabat|阿什哈巴德|阿什哈巴德|
tehran|IR|35.689|51.389|Asia/Tehran|Tehran|德黑蘭|德黑兰|
mashhad|IR|36.297|59.606|Asia/Tehran|Mashhad|馬什哈德|马什哈德|
isfahan|IR|32.655|51.668|Asia/Tehran|Isfahan|伊斯法罕|伊斯法罕|
tabriz|IR|38.080|46.292|Asia/Tehran|Tabriz|大不里士|大不里士|
baghdad|IQ|33.315|44.366|Asia/Baghdad|Baghdad|巴格達|巴格达|
basra|IQ|30.508|47.783|Asia/Baghdad|Basra|巴斯拉|巴士拉|
mosul|IQ|36.340|43.130|Asia/Baghdad|Mosul|摩蘇爾|摩苏尔|
riyadh|SA|24.713|46.675|Asia/Riyadh|Riyadh|利雅德|利雅得|
jeddah|SA|21.485|39.193|Asia/Riyadh|Jeddah|吉達|吉达|Jiddah
mecca|SA|21.389|39.858|Asia/Riyadh|Mecca|麥加|麦加|Makkah
medina|SA|24.525|39.569|Asia/Riyadh|Medina|麥地那|麦地那|Madinah
dubai|AE|25.205|55.271|Asia/Dubai|Dubai|杜拜|迪拜|
abu-dhabi|AE|24.454|54.377|Asia/Dubai|Abu Dhabi|阿布達比|阿布扎比|
doha|QA|25.285|51.531|Asia/Qatar|Doha|杜哈|多哈|
kuwait-city|KW|29.376|47.977|Asia/Kuwait|Kuwait City|科威特城|科威特城|Kuwait
manama|BH|26.229|50.586|Asia/Bahrain|Manama|麥納瑪|麦纳麦|
muscat|OM|23.588|58.383|Asia/Muscat|Muscat|馬斯開特|马斯喀特|
sanaa|YE|15.369|44.191|Asia/Aden|Sana'a|沙那|萨那|Sanaa
amman|JO|31.954|35.911|Asia/Amman|Amman|安曼|安曼|
damascus|SY|33.514|36.277|Asia/Damascus|Damascus|大馬士革|大马士革|
aleppo|SY|36.202|37.134|Asia/Damascus|Aleppo|阿勒坡|阿勒颇|
beirut|LB|33.894|35.502|Asia/Beirut|Beirut|貝魯特|贝鲁特|
jerusalem|IL|31.769|35.216|Asia/Jerusalem|Jerusalem|耶路撒冷|耶路撒冷|
tel-aviv|IL|32.085|34.782|Asia/Jerusalem|Tel Aviv|特拉維夫|特拉维夫|Tel Aviv-Yafo
ankara|TR|39.934|32.860|Europe/Istanbul|Ankara|安卡拉|安卡拉|
istanbul|TR|41.008|28.978|Europe/Istanbul|Istanbul|伊斯坦堡|伊斯坦布尔|İstanbul,Constantinople
izmir|TR|38.423|27.143|Europe/Istanbul|İzmir|伊茲密爾|伊兹密尔|Izmir
bursa|TR|40.188|29.061|Europe/Istanbul|Bursa|布爾薩|布尔萨|
baku|AZ|40.409|49.867|Asia/Baku|Baku|巴庫|巴库|
tbilisi|GE|41.716|44.783|Asia/Tbilisi|Tbilisi|提比里斯|第比利斯|
yerevan|AM|40.179|44.499|Asia/Yerevan|Yerevan|葉里溫|埃里温|
nicosia|CY|35.186|33.382|Asia/Nicosia|Nicosia|尼古西亞|尼科西亚|
`;
