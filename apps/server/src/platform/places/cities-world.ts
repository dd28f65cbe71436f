/** The city catalogue outside Asia, in the format of cities-asia.ts. */
export const WORLD = `
london|GB|51.507|-0.128|Europe/London|London|倫敦|伦敦|
manchester|GB|53.481|-2.243|Europe/London|Manchester|曼徹斯特|曼彻斯特|
birmingham|GB|52.486|-1.890|Europe/London|Birmingham|伯明罕|伯明翰|
edinburgh|GB|55.953|-3.188|Europe/London|Edinburgh|愛丁堡|爱丁堡|
dublin|IE|53.350|-6.260|Europe/Dublin|Dublin|都柏林|都柏林|
paris|FR|48.857|2.352|Europe/Paris|Paris|巴黎|巴黎|
lyon|FR|45.764|4.836|Europe/Paris|Lyon|里昂|里昂|
marseille|FR|43.296|5.370|Europe/Paris|Marseille|馬賽|马赛|
berlin|DE|52.520|13.405|Europe/Berlin|Berlin|柏林|柏林|
hamburg|DE|53.551|9.994|Europe/Berlin|Hamburg|漢堡|汉堡|
munich|DE|48.135|11.582|Europe/Berlin|Munich|慕尼黑|慕尼黑|München
cologne|DE|50.938|6.960|Europe/Berlin|Cologne|科隆|科隆|Köln
frankfurt|DE|50.110|8.682|Europe/Berlin|Frankfurt|法蘭克福|法兰克福|Frankfurt am Main
madrid|ES|40.417|-3.704|Europe/Madrid|Madrid|馬德里|马德里|
barcelona|ES|41.385|2.173|Europe/Madrid|Barcelona|巴塞隆納|巴塞罗那|
rome|IT|41.903|12.496|Europe/Rome|Rome|羅馬|罗马|Roma
milan|IT|45.464|9.190|Europe/Rome|Milan|米蘭|米兰|Milano
naples|IT|40.852|14.268|Europe/Rome|Naples|拿坡里|那不勒斯|Napoli
lisbon|PT|38.722|-9.139|Europe/Lisbon|Lisbon|里斯本|里斯本|Lisboa
amsterdam|NL|52.368|4.904|Europe/Amsterdam|Amsterdam|阿姆斯特丹|阿姆斯特丹|
brussels|BE|50.850|4.352|Europe/Brussels|Brussels|布魯塞爾|布鲁塞尔|Bruxelles,Brussel
luxembourg|LU|49.612|6.130|Europe/Luxembourg|Luxembourg|盧森堡|卢森堡|
bern|CH|46.948|7.447|Europe/Zurich|Bern|伯恩|伯尔尼|Berne
zurich|CH|47.377|8.541|Europe/Zurich|Zurich|蘇黎世|苏黎世|Zürich
geneva|CH|46.204|6.143|Europe/Zurich|Geneva|日內瓦|日内瓦|Genève
vienna|AT|48.208|16.374|Europe/Vienna|Vienna|維也納|维也纳|Wien
prague|CZ|50.076|14.438|Europe/Prague|Prague|布拉格|布拉格|Praha
warsaw|PL|52.230|21.012|Europe/Warsaw|Warsaw|華沙|华沙|Warszawa
budapest|HU|47.498|19.040|Europe/Budapest|Budapest|布達佩斯|布达佩斯|
bratislava|SK|48.149|17.107|Europe/Bratislava|Bratislava|布拉提斯拉瓦|布拉迪斯拉发|
ljubljana|SI|46.057|14.506|Europe/Ljubljana|Ljubljana|盧比安納|卢布尔雅那|
zagreb|HR|45.815|15.982|Europe/Zagreb|Zagreb|薩格勒布|萨格勒布|
belgrade|RS|44.787|20.457|Europe/Belgrade|Belgrade|貝爾格勒|贝尔格莱德|Beograd
sarajevo|BA|43.856|18.413|Europe/Sarajevo|Sarajevo|塞拉耶佛|萨拉热窝|
podgorica|ME|42.441|19.263|Europe/Podgorica|Podgorica|波德里查|波德戈里察|
skopje|MK|41.998|21.425|Europe/Skopje|Skopje|史高比耶|斯科普里|
tirana|AL|41.328|19.819|Europe/Tirane|Tirana|地拉那|地拉那|Tiranë
sofia|BG|42.698|23.322|Europe/Sofia|Sofia|索菲亞|索非亚|
bucharest|RO|44.427|26.103|Europe/Bucharest|Bucharest|布加勒斯特|布加勒斯特|București
chisinau|MD|47.011|28.864|Europe/Chisinau|Chișinău|基希訥烏|基希讷乌|Chisinau
athens|GR|37.984|23.728|Europe/Athens|Athens|雅典|雅典|Athina
valletta|MT|35.899|14.514|Europe/Malta|Valletta|瓦勒他|瓦莱塔|
kyiv|UA|50.450|30.523|Europe/Kiev|Kyiv|基輔|基辅|Kiev
kharkiv|UA|49.994|36.230|Europe/Kiev|Kharkiv|哈爾科夫|哈尔科夫|Kharkov
odesa|UA|46.482|30.723|Europe/Kiev|Odesa|敖德薩|敖德萨|Odessa
minsk|BY|53.904|27.562|Europe/Minsk|Minsk|明斯克|明斯克|
vilnius|LT|54.687|25.280|Europe/Vilnius|Vilnius|維爾紐斯|维尔纽斯|
riga|LV|56.950|24.105|Europe/Riga|Riga|里加|里加|
tallinn|EE|59.437|24.754|Europe/Tallinn|Tallinn|塔林|塔林|
helsinki|FI|60.170|24.938|Europe/Helsinki|Helsinki|赫爾辛基|赫尔辛基|
stockholm|SE|59.329|18.069|Europe/Stockholm|Stockholm|斯德哥爾摩|斯德哥尔摩|
oslo|NO|59.914|10.752|Europe/Oslo|Oslo|奧斯陸|奥斯陆|
copenhagen|DK|55.676|12.568|Europe/Copenhagen|Copenhagen|哥本哈根|哥本哈根|København
reykjavik|IS|64.147|-21.943|Atlantic/Reykjavik|Reykjavík|雷克雅維克|雷克雅未克|Reykjavik
moscow|RU|55.756|37.617|Europe/Moscow|Moscow|莫斯科|莫斯科|Москва,Moskva
saint-petersburg|RU|59.939|30.316|Europe/Moscow|Saint Petersburg|聖彼得堡|圣彼得堡|St Petersburg,St. Petersburg
kazan|RU|55.796|49.106|Europe/Moscow|Kazan|喀山|喀山|
yekaterinburg|RU|56.838|60.597|Asia/Yekaterinburg|Yekaterinburg|葉卡捷琳堡|叶卡捷琳堡|
novosibirsk|RU|55.008|82.935|Asia/Novosibirsk|Novosibirsk|新西伯利亞|新西伯利亚|
vladivostok|RU|43.116|131.882|Asia/Vladivostok|Vladivostok|海參崴|符拉迪沃斯托克|海参崴
andorra-la-vella|AD|42.506|1.522|Europe/Andorra|Andorra la Vella|安道爾城|安道尔城|
monaco|MC|43.738|7.424|Europe/Monaco|Monaco|摩納哥|摩纳哥|
san-marino|SM|43.936|12.447|Europe/San_Marino|San Marino|聖馬利諾|圣马力诺|
vaduz|LI|47.141|9.521|Europe/Vaduz|Vaduz|瓦杜茲|瓦杜兹|
vatican-city|VA|41.902|12.453|Europe/Vatican|Vatican City|梵蒂岡|梵蒂冈|Vatican
cairo|EG|30.044|31.236|Africa/Cairo|Cairo|開羅|开罗|
alexandria|EG|31.200|29.919|Africa/Cairo|Alexandria|亞歷山卓|亚历山大|
giza|EG|30.013|31.209|Africa/Cairo|Giza|吉薩|吉萨|
lagos|NG|6.524|3.379|Africa/Lagos|Lagos|拉哥斯|拉各斯|
abuja|NG|9.077|7.399|Africa/Lagos|Abuja|阿布賈|阿布贾|
kano|NG|12.000|8.517|Africa/Lagos|Kano|卡諾|卡诺|
ibadan|NG|7.378|3.947|Africa/Lagos|Ibadan|伊巴丹|伊巴丹|
kinshasa|CD|-4.441|15.266|Africa/Kinshasa|Kinshasa|金夏沙|金沙萨|
lubumbashi|CD|-11.664|27.479|Africa/Lubumbashi|Lubumbashi|盧本巴希|卢本巴希|
johannesburg|ZA|-26.204|28.047|Africa/Johannesburg|Johannesburg|約翰尼斯堡|约翰内斯堡|Joburg
cape-town|ZA|-33.925|18.424|Africa/Johannesburg|Cape Town|開普敦|开普敦|
durban|ZA|-29.858|31.022|Africa/Johannesburg|Durban|德班|德班|
pretoria|ZA|-25.747|28.229|Africa/Johannesburg|Pretoria|普利托里亞|比勒陀利亚|Tshwane
nairobi|KE|-1.292|36.822|Africa/Nairobi|Nairobi|奈洛比|内罗毕|
addis-ababa|ET|9.030|38.740|Africa/Addis_Ababa|Addis Ababa|阿迪斯阿貝巴|亚的斯亚贝巴|
dar-es-salaam|TZ|-6.792|39.208|Africa/Dar_es_Salaam|Dar es Salaam|三蘭港|达累斯萨拉姆|
dodoma|TZ|-6.163|35.752|Africa/Dar_es_Salaam|Dodoma|多多馬|多多马|
kampala|UG|0.348|32.582|Africa/Kampala|Kampala|坎帕拉|坎帕拉|
kigali|RW|-1.944|30.062|Africa/Kigali|Kigali|吉佳利|基加利|
gitega|BI|-3.427|29.925|Africa/Bujumbura|Gitega|基特加|基特加|
khartoum|SD|15.501|32.560|Africa/Khartoum|Khartoum|喀土穆|喀土穆|
juba|SS|4.859|31.571|Africa/Juba|Juba|朱巴|朱巴|
mogadishu|SO|2.047|45.318|Africa/Mogadishu|Mogadishu|摩加迪休|摩加迪沙|
djibouti|DJ|11.589|43.145|Africa/Djibouti|Djibouti|吉布地市|吉布提市|
asmara|ER|15.322|38.925|Africa/Asmara|Asmara|阿斯瑪拉|阿斯马拉|
algiers|DZ|36.754|3.059|Africa/Algiers|Algiers|阿爾及爾|阿尔及尔|
tunis|TN|36.807|10.182|Africa/Tunis|Tunis|突尼斯|突尼斯|
tripoli|LY|32.887|13.191|Africa/Tripoli|Tripoli|的黎波里|的黎波里|
rabat|MA|34.020|-6.841|Africa/Casablanca|Rabat|拉巴特|拉巴特|
casablanca|MA|33.573|-7.590|Africa/Casablanca|Casablanca|卡薩布蘭卡|卡萨布兰卡|
accra|GH|5.604|-0.187|Africa/Accra|Accra|阿克拉|阿克拉|
kumasi|GH|6.688|-1.624|Africa/Accra|Kumasi|庫馬西|库马西|
abidjan|CI|5.360|-4.008|Africa/Abidjan|Abidjan|阿必尚|阿比让|
yamoussoukro|CI|6.828|-5.290|Africa/Abidjan|Yamoussoukro|雅穆索戈|亚穆苏克罗|
dakar|SN|14.716|-17.467|Africa/Dakar|Dakar|達喀爾|达喀尔|
bamako|ML|12.639|-8.003|Africa/Bamako|Bamako|巴馬科|巴马科|
ouagadougou|BF|12.371|-1.520|Africa/Ouagadougou|Ouagadougou|瓦加杜古|瓦加杜古|
niamey|NE|13.512|2.113|Africa/Niamey|Niamey|尼阿美|尼亚美|
ndjamena|TD|12.134|15.056|Africa/Ndjamena|N'Djamena|恩加美納|恩贾梅纳|Ndjamena
nouakchott|MR|18.079|-15.965|Africa/Nouakchott|Nouakchott|諾克少|努瓦克肖特|
conakry|GN|9.641|-13.578|Africa/Conakry|Conakry|柯那克里|科纳克里|
freetown|SL|8.465|-13.232|Africa/Freetown|Freetown|自由城|弗里敦|
monrovia|LR|6.300|-10.797|Africa/Monrovia|Monrovia|蒙羅維亞|蒙罗维亚|
lome|TG|6.131|1.223|Africa/Lome|Lomé|洛美|洛美|Lome
porto-novo|BJ|6.497|2.605|Africa/Porto-Novo|Porto-Novo|波多諾伏|波多诺伏|
cotonou|BJ|6.366|2.418|Africa/Porto-Novo|Cotonou|科多努|科托努|
banjul|GM|13.454|-16.579|Africa/Banjul|Banjul|班竹|班珠尔|
bissau|GW|11.864|-15.598|Africa/Bissau|Bissau|比索|比绍|
yaounde|CM|3.848|11.502|Africa/Douala|Yaoundé|雅溫德|雅温得|Yaounde
douala|CM|4.051|9.768|Africa/Douala|Douala|杜阿拉|杜阿拉|
bangui|CF|4.394|18.558|Africa/Bangui|Bangui|班基|班吉|
libreville|GA|0.416|9.467|Africa/Libreville|Libreville|自由市|利伯维尔|
malabo|GQ|3.750|8.783|Africa/Malabo|Malabo|馬拉博|马拉博|
brazzaville|CG|-4.263|15.243|Africa/Brazzaville|Brazzaville|布拉薩市|布拉柴维尔|
luanda|AO|-8.839|13.289|Africa/Luanda|Luanda|羅安達|罗安达|
lusaka|ZM|-15.387|28.322|Africa/Lusaka|Lusaka|路沙卡|卢萨卡|
harare|ZW|-17.825|31.034|Africa/Harare|Harare|哈拉雷|哈拉雷|
maputo|MZ|-25.969|32.573|Africa/Maputo|Maputo|馬布多|马普托|
lilongwe|MW|-13.963|33.774|Africa/Blantyre|Lilongwe|里朗威|利隆圭|
gaborone|BW|-24.628|25.923|Africa/Gaborone|Gaborone|嘉柏隆里|哈博罗内|
windhoek|NA|-22.560|17.066|Africa/Windhoek|Windhoek|溫荷克|温得和克|
maseru|LS|-29.310|27.478|Africa/Maseru|Maseru|馬塞魯|马塞卢|
mbabane|SZ|-26.305|31.137|Africa/Mbabane|Mbabane|墨巴本|姆巴巴内|
antananarivo|MG|-18.879|47.508|Indian/Antananarivo|Antananarivo|安塔那那利佛|塔那那利佛|
port-louis|MU|-20.161|57.499|Indian/Mauritius|Port Louis|路易港|路易港|
victoria-seychelles|SC|-4.620|55.455|Indian/Mahe|Victoria (Seychelles)|維多利亞（塞席爾）|维多利亚（塞舌尔）|
moroni|KM|-11.702|43.256|Indian/Comoro|Moroni|莫洛尼|莫罗尼|
praia|CV|14.933|-23.513|Atlantic/Cape_Verde|Praia|培亞|普拉亚|
sao-tome|ST|0.336|6.727|Africa/Sao_Tome|São Tomé|聖多美|圣多美|Sao Tome
new-york|US|40.713|-74.006|America/New_York|New York|紐約|纽约|NYC,New York City,NY
los-angeles|US|34.052|-118.244|America/Los_Angeles|Los Angeles|洛杉磯|洛杉矶|LA
chicago|US|41.878|-87.630|America/Chicago|Chicago|芝加哥|芝加哥|
houston|US|29.760|-95.370|America/Chicago|Houston|休士頓|休斯敦|
phoenix|US|33.448|-112.074|America/Phoenix|Phoenix|鳳凰城|凤凰城|
philadelphia|US|39.953|-75.165|America/New_York|Philadelphia|費城|费城|
san-antonio|US|29.424|-98.494|America/Chicago|San Antonio|聖安東尼奧|圣安东尼奥|
san-diego|US|32.716|-117.161|America/Los_Angeles|San Diego|聖地牙哥|圣迭戈|
dallas|US|32.777|-96.797|America/Chicago|Dallas|達拉斯|达拉斯|
san-jose-us|US|37.339|-121.895|America/Los_Angeles|San Jose|聖荷西|圣何塞|San Jose CA
san-francisco|US|37.775|-122.419|America/Los_Angeles|San Francisco|舊金山|旧金山|SF,三藩市
seattle|US|47.606|-122.332|America/Los_Angeles|Seattle|西雅圖|西雅图|
boston|US|42.360|-71.059|America/New_York|Boston|波士頓|波士顿|
washington-dc|US|38.907|-77.037|America/New_York|Washington, D.C.|華盛頓|华盛顿|Washington,Washington DC,華府,华府
miami|US|25.762|-80.192|America/New_York|Miami|邁阿密|迈阿密|
atlanta|US|33.749|-84.388|America/New_York|Atlanta|亞特蘭大|亚特兰大|
las-vegas|US|36.170|-115.140|America/Los_Angeles|Las Vegas|拉斯維加斯|拉斯维加斯|Vegas
denver|US|39.739|-104.990|America/Denver|Denver|丹佛|丹佛|
austin|US|30.267|-97.743|America/Chicago|Austin|奧斯汀|奥斯汀|
honolulu|US|21.307|-157.858|Pacific/Honolulu|Honolulu|檀香山|檀香山|
toronto|CA|43.653|-79.383|America/Toronto|Toronto|多倫多|多伦多|
montreal|CA|45.502|-73.567|America/Toronto|Montreal|蒙特婁|蒙特利尔|Montréal
vancouver|CA|49.283|-123.121|America/Vancouver|Vancouver|溫哥華|温哥华|
calgary|CA|51.045|-114.072|America/Edmonton|Calgary|卡加利|卡尔加里|
ottawa|CA|45.421|-75.697|America/Toronto|Ottawa|渥太華|渥太华|
mexico-city|MX|19.433|-99.133|America/Mexico_City|Mexico City|墨西哥城|墨西哥城|CDMX,Ciudad de México
guadalajara|MX|20.660|-103.350|America/Mexico_City|Guadalajara|瓜達拉哈拉|瓜达拉哈拉|
monterrey|MX|25.687|-100.316|America/Monterrey|Monterrey|蒙特雷|蒙特雷|
guatemala-city|GT|14.634|-90.507|America/Guatemala|Guatemala City|瓜地馬拉市|危地马拉城|
san-salvador|SV|13.693|-89.218|America/El_Salvador|San Salvador|聖薩爾瓦多|圣萨尔瓦多|
tegucigalpa|HN|14.072|-87.192|America/Tegucigalpa|Tegucigalpa|德古斯加巴|特古西加尔巴|
managua|NI|12.114|-86.236|America/Managua|Managua|馬拿瓜|马那瓜|
san-jose-cr|CR|9.928|-84.091|America/Costa_Rica|San José (Costa Rica)|聖荷西（哥斯大黎加）|圣何塞（哥斯达黎加）|
panama-city|PA|8.983|-79.517|America/Panama|Panama City|巴拿馬市|巴拿马城|
belmopan|BZ|17.251|-88.759|America/Belize|Belmopan|貝爾墨邦|贝尔莫潘|
havana|CU|23.113|-82.366|America/Havana|Havana|哈瓦那|哈瓦那|La Habana
kingston|JM|17.971|-76.793|America/Jamaica|Kingston|京斯敦|金斯敦|
santo-domingo|DO|18.486|-69.931|America/Santo_Domingo|Santo Domingo|聖多明哥|圣多明各|
port-au-prince|HT|18.594|-72.307|America/Port-au-Prince|Port-au-Prince|太子港|太子港|
nassau|BS|25.048|-77.355|America/Nassau|Nassau|拿索|拿骚|
bogota|CO|4.711|-74.072|America/Bogota|Bogotá|波哥大|波哥大|Bogota
medellin|CO|6.244|-75.581|America/Bogota|Medellín|麥德林|麦德林|Medellin
cali|CO|3.452|-76.532|America/Bogota|Cali|卡利|卡利|
caracas|VE|10.481|-66.904|America/Caracas|Caracas|卡拉卡斯|加拉加斯|
lima|PE|-12.046|-77.043|America/Lima|Lima|利馬|利马|
quito|EC|-0.180|-78.468|America/Guayaquil|Quito|基多|基多|
guayaquil|EC|-2.171|-79.922|America/Guayaquil|Guayaquil|瓜亞基爾|瓜亚基尔|
la-paz|BO|-16.490|-68.119|America/La_Paz|La Paz|拉巴斯|拉巴斯|
sucre|BO|-19.020|-65.262|America/La_Paz|Sucre|蘇克雷|苏克雷|
santiago|CL|-33.449|-70.669|America/Santiago|Santiago|聖地亞哥|圣地亚哥|Santiago de Chile
buenos-aires|AR|-34.604|-58.382|America/Argentina/Buenos_Aires|Buenos Aires|布宜諾斯艾利斯|布宜诺斯艾利斯|
cordoba-ar|AR|-31.420|-64.188|America/Argentina/Cordoba|Córdoba|哥多華|科尔多瓦|Cordoba
montevideo|UY|-34.901|-56.165|America/Montevideo|Montevideo|蒙特維多|蒙得维的亚|
asuncion|PY|-25.264|-57.576|America/Asuncion|Asunción|亞松森|亚松森|Asuncion
brasilia|BR|-15.794|-47.882|America/Sao_Paulo|Brasília|巴西利亞|巴西利亚|Brasilia
sao-paulo|BR|-23.551|-46.633|America/Sao_Paulo|São Paulo|聖保羅|圣保罗|Sao Paulo
rio-de-janeiro|BR|-22.907|-43.173|America/Sao_Paulo|Rio de Janeiro|里約熱內盧|里约热内卢|Rio
salvador-br|BR|-12.978|-38.502|America/Bahia|Salvador|薩爾瓦多|萨尔瓦多|
fortaleza|BR|-3.732|-38.527|America/Fortaleza|Fortaleza|福塔雷薩|福塔莱萨|
belo-horizonte|BR|-19.917|-43.935|America/Sao_Paulo|Belo Horizonte|貝洛奧里藏特|贝洛奥里藏特|
manaus|BR|-3.119|-60.022|America/Manaus|Manaus|馬瑙斯|马瑙斯|
recife|BR|-8.048|-34.877|America/Recife|Recife|累西腓|累西腓|
porto-alegre|BR|-30.035|-51.218|America/Sao_Paulo|Porto Alegre|阿雷格里港|阿雷格里港|
curitiba|BR|-25.429|-49.271|America/Sao_Paulo|Curitiba|庫里奇巴|库里蒂巴|
georgetown|GY|6.801|-58.155|America/Guyana|Georgetown|喬治城|乔治敦|
paramaribo|SR|5.852|-55.204|America/Paramaribo|Paramaribo|巴拉馬利波|帕拉马里博|
port-of-spain|TT|10.654|-61.502|America/Port_of_Spain|Port of Spain|西班牙港|西班牙港|
bridgetown|BB|13.098|-59.618|America/Barbados|Bridgetown|布里奇頓|布里奇敦|
sydney|AU|-33.869|151.209|Australia/Sydney|Sydney|雪梨|悉尼|
melbourne|AU|-37.814|144.963|Australia/Melbourne|Melbourne|墨爾本|墨尔本|
brisbane|AU|-27.470|153.026|Australia/Brisbane|Brisbane|布里斯本|布里斯班|
perth|AU|-31.951|115.861|Australia/Perth|Perth|伯斯|珀斯|
adelaide|AU|-34.929|138.601|Australia/Adelaide|Adelaide|阿得雷德|阿德莱德|
canberra|AU|-35.281|149.130|Australia/Sydney|Canberra|坎培拉|堪培拉|
auckland|NZ|-36.849|174.763|Pacific/Auckland|Auckland|奧克蘭|奥克兰|
wellington|NZ|-41.287|174.776|Pacific/Auckland|Wellington|威靈頓|惠灵顿|
port-moresby|PG|-9.443|147.180|Pacific/Port_Moresby|Port Moresby|莫士比港|莫尔兹比港|
suva|FJ|-18.124|178.450|Pacific/Fiji|Suva|蘇瓦|苏瓦|
`;
