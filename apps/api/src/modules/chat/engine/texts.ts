import { SUPPORT_CONTACT } from '@esim/contract/contact';
import type { Language } from '@esim/contract/languages';
import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';
import type { DeviceNote } from './devices.ts';

/**
 * Every sentence the local chat engine writes itself, in the store's five languages: the fallback with the support channels, the lead-in of an
 * answer taken from an article in another language, the catalogue, coverage and device replies
 * and the two policy answers. The facts are the store's (docs/product-rules.md; the storefront's
 * own texts in `apps/web/src/locales/{lang}/catalog.json` for the speed policy and the page
 * titles), so the assistant and the store say the same thing.
 */

/** Words of one plan line: data, validity and price are filled in by the engine. */
export interface PlanWords {
  unlimited: string;
  unlimitedPlus: string;
  day: string;
  days: string;
}

/** Texts of one language. Functions take already formatted values (prices as "$4.99", names localised). */
export interface EngineTexts {
  fallback: string;
  /** Lead-in of an answer taken from an article in `articleLanguage`. */
  otherLanguage: (articleLanguage: Language) => string;
  /** Names of the five languages in this language (for {@link otherLanguage}). */
  languageNames: Record<Language, string>;
  plan: PlanWords;
  /** The catalogue page's title (`catalog.json` `products.countryTitle`). */
  pageTitle: (destination: string) => string;
  cheapest: (destination: string, plan: string, price: string) => string;
  cheapestUnlimited: (destination: string, plan: string, price: string) => string;
  cheapestFixed: (destination: string, plan: string, price: string) => string;
  /** The cheapest plan with at least the data / days asked for. */
  cheapestMatching: (destination: string, wish: string, plan: string, price: string) => string;
  noneMatching: (destination: string, wish: string) => string;
  /** "N GB" / "N days" as the wish of {@link cheapestMatching}. */
  wishData: (gb: number) => string;
  wishDays: (days: number) => string;
  otherOptions: (list: string) => string;
  popular: (destination: string, plan: string, price: string) => string;
  noSales: (destination: string) => string;
  allPlans: (count: number, destination: string) => string;
  pricesNote: string;
  /** A country without plans of its own, covered by regional or Global plans. */
  coveredBy: (destination: string, plans: string) => string;
  /** Several countries one regional or Global plan covers together. */
  coveredTogether: (countries: string, plans: string) => string;
  notSold: (destination: string) => string;
  networks: (destination: string, list: string) => string;
  noNetworkList: (destination: string) => string;
  alsoCovered: (destination: string, regions: string) => string;
  regionCovers: (region: string, count: number, examples: string) => string;
  regionIncludes: (region: string, country: string) => string;
  regionExcludes: (region: string, country: string, alternatives: string) => string;
  localPlans: (destination: string, count: number, price: string) => string;
  deviceYes: (device: string) => string;
  deviceNo: (device: string) => string;
  deviceUnknown: (device: string) => string;
  deviceNotes: Record<DeviceNote, string>;
  /** The carrier-unlocked caveat of every device answer. */
  unlockedCaveat: string;
  /** The refund policy (docs/product-rules.md#refunds). */
  refundPolicy: string;
  /** The unlimited plans' speed policy (`catalog.json` details.policy). */
  unlimitedPolicy: string;
  /** Title of the device list source when the knowledge base has no article on it. */
  deviceListTitle: string;
  refundPolicyTitle: string;
  speedPolicyTitle: string;
}

const LANGUAGE_NAMES: Record<Language, Record<Language, string>> = {
  en: { en: 'English', tr: 'Turkish', es: 'Spanish', fr: 'French', de: 'German' },
  tr: { en: 'İngilizce', tr: 'Türkçe', es: 'İspanyolca', fr: 'Fransızca', de: 'Almanca' },
  es: { en: 'inglés', tr: 'turco', es: 'español', fr: 'francés', de: 'alemán' },
  fr: { en: 'anglais', tr: 'turc', es: 'espagnol', fr: 'français', de: 'allemand' },
  de: { en: 'Englisch', tr: 'Türkisch', es: 'Spanisch', fr: 'Französisch', de: 'Deutsch' },
};

const { email, whatsapp } = SUPPORT_CONTACT;
/** The support team's hours, Monday to Friday (`@esim/contract/support-hours`): the assistant is the only one there 24/7. */
const { teamHours } = SUPPORT_HOURS_TEXT;

/** The engine's texts per language. */
export const TEXTS: Readonly<Record<Language, EngineTexts>> = {
  en: {
    fallback:
      `Sorry, I couldn't find an answer to that in our help articles. Our support team will help: e-mail ${email} ` +
      `(we reply within 24 hours), or WhatsApp ${whatsapp}; the team works Mon–Fri, ${teamHours}.`,
    otherLanguage: (l) => `(Answer from our ${LANGUAGE_NAMES.en[l]} help article.)`,
    languageNames: LANGUAGE_NAMES.en,
    plan: { unlimited: 'Unlimited', unlimitedPlus: 'Unlimited Plus', day: 'day', days: 'days' },
    pageTitle: (d) => `eSIM plans for ${d}`,
    cheapest: (d, p, price) => `The cheapest eSIM for ${d} is ${p} at ${price}.`,
    cheapestUnlimited: (d, p, price) => `The cheapest unlimited eSIM for ${d} is ${p} at ${price}.`,
    cheapestFixed: (d, p, price) => `The cheapest fixed-data eSIM for ${d} is ${p} at ${price}.`,
    cheapestMatching: (d, wish, p, price) => `The cheapest eSIM for ${d} with ${wish} is ${p} at ${price}.`,
    noneMatching: (d, wish) => `There is no plan for ${d} with ${wish}.`,
    wishData: (gb) => `at least ${gb} GB`,
    wishDays: (days) => `at least ${days} days`,
    otherOptions: (list) => `Other options: ${list}.`,
    popular: (d, p, price) => `The most popular eSIM for ${d} over the last 90 days is ${p} at ${price}.`,
    noSales: (d) => `We have no recent sales figures for ${d} yet.`,
    allPlans: (n, d) => `See all ${n} plans on the ${d} page.`,
    pricesNote: 'Prices are in USD and include taxes.',
    coveredBy: (d, plans) => `We have no local plan for ${d}, but it is covered by our ${plans} plans.`,
    coveredTogether: (c, plans) => `One plan can cover ${c} together: ${plans}.`,
    notSold: (d) => `Sorry, we have no plan that covers ${d} at the moment.`,
    networks: (d, list) => `In ${d} our plans use these networks: ${list}.`,
    noNetworkList: (d) => `In ${d} our plans connect to the best available local networks.`,
    alsoCovered: (d, regions) => `${d} is also covered by our ${regions} plans.`,
    regionCovers: (r, n, ex) => `The ${r} plans cover ${n} countries, including ${ex}.`,
    regionIncludes: (r, c) => `Yes, the ${r} plans cover ${c}.`,
    regionExcludes: (r, c, alt) => `No, the ${r} plans do not cover ${c}. ${alt}`,
    localPlans: (d, n, price) => `We have ${n} plans for ${d}, from ${price}.`,
    deviceYes: (d) => `Yes, the ${d} supports eSIM, so it works with our plans.`,
    deviceNo: (d) =>
      `No, the ${d} does not support eSIM, so it cannot use our plans. eSIM phones include iPhone XS/XR and later, Galaxy S20 and later and Pixel 3 and later.`,
    deviceUnknown: (d) =>
      `The ${d} is not on our device list, so I can't confirm it supports eSIM. To check: on Android, dial *#06# — if an EID is shown, the phone supports eSIM; on iPhone, Settings › Cellular shows "Add eSIM".`,
    deviceNotes: {
      chinaIphone: 'iPhones sold in mainland China have no eSIM.',
      galaxyRegions: 'Some models sold in China, Hong Kong or Taiwan have no eSIM.',
      pixel3a: 'Some Pixel 3a phones sold in Japan or through certain carriers have no eSIM.',
      iphoneSe: 'The iPhone SE supports eSIM from the 2nd generation (2020); the 1st generation (2016) does not.',
      ipadCellular:
        'Only Wi-Fi + Cellular iPads support eSIM (iPad Pro 11-inch, iPad Pro 12.9-inch 3rd gen, iPad Air 3rd gen, iPad 7th gen, iPad mini 5th gen and later).',
      regional: 'eSIM support can vary by region and model version.',
    },
    unlockedCaveat: 'The phone must be carrier-unlocked (not locked to one network).',
    refundPolicy:
      'You get a full refund within 30 days of purchase if the eSIM has not been activated; once it has been activated (used) there is no refund. ' +
      'An order can be cancelled within 1 hour of purchase if not activated. We decide within 2-3 business days; the money is back in 3-5 business days on a card or 1-2 with PayPal. ' +
      `E-mail ${email} with your order number.`,
    unlimitedPolicy:
      'Unlimited: 1 GB per day at full speed, then unlimited data at 512 kbps. Unlimited Plus: 2 GB per day at full speed, then unlimited data at 2 Mbps. ' +
      'The full-speed allowance renews every 24 hours for the whole validity period. Hotspot is allowed and counts toward the daily allowance.',
    deviceListTitle: 'Compatible devices',
    refundPolicyTitle: 'Refund policy',
    speedPolicyTitle: 'Speed policy',
  },
  tr: {
    fallback:
      `Üzgünüm, yardım makalelerimizde bu soruya bir yanıt bulamadım. Destek ekibimiz yardımcı olur: ${email} adresine e-posta gönderin ` +
      `(24 saat içinde yanıt veriyoruz) ya da WhatsApp'tan ${whatsapp} numarasına yazın; ekibimiz Pzt–Cum, ${teamHours} saatleri arasında çalışır.`,
    otherLanguage: (l) => `(Yanıt ${LANGUAGE_NAMES.tr[l]} yardım makalemizden.)`,
    languageNames: LANGUAGE_NAMES.tr,
    plan: { unlimited: 'Sınırsız', unlimitedPlus: 'Sınırsız Plus', day: 'gün', days: 'gün' },
    pageTitle: (d) => `${d} eSIM paketleri`,
    cheapest: (d, p, price) => `${d} için en ucuz eSIM: ${p}, ${price}.`,
    cheapestUnlimited: (d, p, price) => `${d} için en ucuz sınırsız eSIM: ${p}, ${price}.`,
    cheapestFixed: (d, p, price) => `${d} için en ucuz sabit veri paketli eSIM: ${p}, ${price}.`,
    cheapestMatching: (d, wish, p, price) => `${d} için ${wish} olan en ucuz eSIM: ${p}, ${price}.`,
    noneMatching: (d, wish) => `${d} için ${wish} olan bir paket yok.`,
    wishData: (gb) => `en az ${gb} GB verisi`,
    wishDays: (days) => `en az ${days} gün geçerliliği`,
    otherOptions: (list) => `Diğer seçenekler: ${list}.`,
    popular: (d, p, price) => `Son 90 günde ${d} için en popüler eSIM: ${p}, ${price}.`,
    noSales: (d) => `${d} için henüz yakın tarihli satış verimiz yok.`,
    allPlans: (n, d) => `${d} sayfasında ${n} paketin tamamını görebilirsiniz.`,
    pricesNote: 'Fiyatlar USD cinsindendir ve vergiler dahildir.',
    coveredBy: (d, plans) => `${d} için yerel paketimiz yok, ancak ${plans} paketlerimiz bu ülkeyi kapsar.`,
    coveredTogether: (c, plans) => `${c} ülkelerini tek pakette kapsayan paketler: ${plans}.`,
    notSold: (d) => `Üzgünüm, şu anda ${d} ülkesini kapsayan bir paketimiz yok.`,
    networks: (d, list) => `${d} ülkesinde paketlerimiz şu şebekeleri kullanır: ${list}.`,
    noNetworkList: (d) => `${d} ülkesinde paketlerimiz mevcut en iyi yerel şebekelere bağlanır.`,
    alsoCovered: (d, regions) => `${d}, ${regions} paketlerimizin kapsamında da yer alır.`,
    regionCovers: (r, n, ex) => `${r} paketleri ${n} ülkeyi kapsar; örneğin ${ex}.`,
    regionIncludes: (r, c) => `Evet, ${r} paketleri ${c} ülkesini kapsar.`,
    regionExcludes: (r, c, alt) => `Hayır, ${r} paketleri ${c} ülkesini kapsamaz. ${alt}`,
    localPlans: (d, n, price) => `${d} için ${n} paketimiz var; en düşük fiyat ${price}.`,
    deviceYes: (d) => `Evet, ${d} eSIM destekliyor; paketlerimizle uyumlu.`,
    deviceNo: (d) =>
      `Hayır, ${d} eSIM desteklemiyor; paketlerimizi kullanamaz. eSIM destekleyen telefonlar: iPhone XS/XR ve sonrası, Galaxy S20 ve sonrası, Pixel 3 ve sonrası.`,
    deviceUnknown: (d) =>
      `${d} cihaz listemizde yok, bu yüzden eSIM desteklediğini doğrulayamıyorum. Kontrol için: Android'de *#06# tuşlayın — EID görünüyorsa telefon eSIM destekler; iPhone'da Ayarlar › Hücresel'de "eSIM Ekle" görünür.`,
    deviceNotes: {
      chinaIphone: 'Çin anakarasında satılan iPhone’larda eSIM yoktur.',
      galaxyRegions: 'Çin, Hong Kong veya Tayvan’da satılan bazı modellerde eSIM yoktur.',
      pixel3a: 'Japonya’da veya bazı operatörler aracılığıyla satılan bazı Pixel 3a telefonlarda eSIM yoktur.',
      iphoneSe: 'iPhone SE, 2. nesilden (2020) itibaren eSIM destekler; 1. nesil (2016) desteklemez.',
      ipadCellular:
        'Yalnızca Wi-Fi + Cellular iPad’ler eSIM destekler (iPad Pro 11 inç, iPad Pro 12,9 inç 3. nesil, iPad Air 3. nesil, iPad 7. nesil, iPad mini 5. nesil ve sonrası).',
      regional: 'eSIM desteği bölgeye ve model sürümüne göre değişebilir.',
    },
    unlockedCaveat: 'Telefonun operatör kilidi olmamalı (kilitsiz olmalı).',
    refundPolicy:
      'eSIM aktifleştirilmediyse satın alma tarihinden itibaren 30 gün içinde tam iade alırsınız; aktifleştirildikten (kullanıldıktan) sonra iade yapılmaz. ' +
      'Aktifleştirilmemiş bir sipariş, satın alımdan sonraki 1 saat içinde iptal edilebilir. 2-3 iş günü içinde karar veririz; para karta 3-5 iş günü, PayPal’a 1-2 iş günü içinde geri döner. ' +
      `Sipariş numaranızla ${email} adresine e-posta gönderin.`,
    unlimitedPolicy:
      'Sınırsız: günde 1 GB tam hız, ardından 512 kbps hızda sınırsız veri. Sınırsız Plus: günde 2 GB tam hız, ardından 2 Mbps hızda sınırsız veri. ' +
      'Tam hız kotanız, geçerlilik süresi boyunca her 24 saatte bir yenilenir. Hotspot (internet paylaşımı) serbesttir ve günlük kotadan düşer.',
    deviceListTitle: 'Uyumlu cihazlar',
    refundPolicyTitle: 'İade politikası',
    speedPolicyTitle: 'Hız politikası',
  },
  es: {
    fallback:
      `Lo siento, no he encontrado una respuesta en nuestros artículos de ayuda. Nuestro equipo de soporte te ayudará: escribe a ${email} ` +
      `(respondemos en 24 horas) o por WhatsApp al ${whatsapp}; el equipo atiende de lunes a viernes, ${teamHours}.`,
    otherLanguage: (l) => `(Respuesta de nuestro artículo de ayuda en ${LANGUAGE_NAMES.es[l]}.)`,
    languageNames: LANGUAGE_NAMES.es,
    plan: { unlimited: 'Ilimitado', unlimitedPlus: 'Ilimitado Plus', day: 'día', days: 'días' },
    pageTitle: (d) => `Planes eSIM para ${d}`,
    cheapest: (d, p, price) => `La eSIM más barata para ${d} es ${p} por ${price}.`,
    cheapestUnlimited: (d, p, price) => `La eSIM ilimitada más barata para ${d} es ${p} por ${price}.`,
    cheapestFixed: (d, p, price) => `La eSIM con datos fijos más barata para ${d} es ${p} por ${price}.`,
    cheapestMatching: (d, wish, p, price) => `La eSIM más barata para ${d} con ${wish} es ${p} por ${price}.`,
    noneMatching: (d, wish) => `No hay ningún plan para ${d} con ${wish}.`,
    wishData: (gb) => `al menos ${gb} GB`,
    wishDays: (days) => `al menos ${days} días`,
    otherOptions: (list) => `Otras opciones: ${list}.`,
    popular: (d, p, price) => `La eSIM más popular para ${d} en los últimos 90 días es ${p} por ${price}.`,
    noSales: (d) => `Aún no tenemos cifras de ventas recientes para ${d}.`,
    allPlans: (n, d) => `Consulta los ${n} planes en la página de ${d}.`,
    pricesNote: 'Los precios están en USD e incluyen impuestos.',
    coveredBy: (d, plans) => `No tenemos un plan local para ${d}, pero lo cubren nuestros planes ${plans}.`,
    coveredTogether: (c, plans) => `Un solo plan puede cubrir ${c}: ${plans}.`,
    notSold: (d) => `Lo siento, ahora mismo no tenemos ningún plan que cubra ${d}.`,
    networks: (d, list) => `En ${d} nuestros planes usan estas redes: ${list}.`,
    noNetworkList: (d) => `En ${d} nuestros planes se conectan a las mejores redes locales disponibles.`,
    alsoCovered: (d, regions) => `${d} también está cubierto por nuestros planes ${regions}.`,
    regionCovers: (r, n, ex) => `Los planes ${r} cubren ${n} países, entre ellos ${ex}.`,
    regionIncludes: (r, c) => `Sí, los planes ${r} cubren ${c}.`,
    regionExcludes: (r, c, alt) => `No, los planes ${r} no cubren ${c}. ${alt}`,
    localPlans: (d, n, price) => `Tenemos ${n} planes para ${d}, desde ${price}.`,
    deviceYes: (d) => `Sí, el ${d} es compatible con eSIM, así que funciona con nuestros planes.`,
    deviceNo: (d) =>
      `No, el ${d} no es compatible con eSIM, así que no puede usar nuestros planes. Son compatibles el iPhone XS/XR y posteriores, el Galaxy S20 y posteriores y el Pixel 3 y posteriores.`,
    deviceUnknown: (d) =>
      `El ${d} no está en nuestra lista de dispositivos, así que no puedo confirmar que sea compatible con eSIM. Para comprobarlo: en Android marca *#06#; si aparece un EID, admite eSIM; en iPhone, Ajustes › Datos móviles muestra "Añadir eSIM".`,
    deviceNotes: {
      chinaIphone: 'Los iPhone vendidos en China continental no tienen eSIM.',
      galaxyRegions: 'Algunos modelos vendidos en China, Hong Kong o Taiwán no tienen eSIM.',
      pixel3a: 'Algunos Pixel 3a vendidos en Japón o a través de ciertos operadores no tienen eSIM.',
      iphoneSe: 'El iPhone SE admite eSIM desde la 2.ª generación (2020); la 1.ª generación (2016) no.',
      ipadCellular:
        'Solo los iPad Wi-Fi + Cellular admiten eSIM (iPad Pro de 11 pulgadas, iPad Pro de 12,9 pulgadas de 3.ª gen., iPad Air de 3.ª gen., iPad de 7.ª gen., iPad mini de 5.ª gen. y posteriores).',
      regional: 'La compatibilidad con eSIM puede variar según la región y la versión del modelo.',
    },
    unlockedCaveat: 'El teléfono debe estar liberado (sin bloqueo de operador).',
    refundPolicy:
      'Recibes un reembolso completo en los 30 días siguientes a la compra si la eSIM no se ha activado; una vez activada (usada) no hay reembolso. ' +
      'Un pedido se puede cancelar en la primera hora tras la compra si no se ha activado. Decidimos en 2-3 días hábiles; el dinero vuelve en 3-5 días hábiles a la tarjeta o en 1-2 con PayPal. ' +
      `Escribe a ${email} con tu número de pedido.`,
    unlimitedPolicy:
      'Ilimitado: 1 GB al día a máxima velocidad y, después, datos ilimitados a 512 kbps. Ilimitado Plus: 2 GB al día a máxima velocidad y, después, datos ilimitados a 2 Mbps. ' +
      'Tu cuota de máxima velocidad se renueva cada 24 horas durante todo el periodo de validez. El hotspot está permitido y cuenta para la cuota diaria.',
    deviceListTitle: 'Dispositivos compatibles',
    refundPolicyTitle: 'Política de reembolso',
    speedPolicyTitle: 'Política de velocidad',
  },
  fr: {
    fallback:
      `Désolé, je n’ai pas trouvé de réponse dans nos articles d’aide. Notre équipe d’assistance peut vous aider : écrivez à ${email} ` +
      `(réponse sous 24 heures) ou sur WhatsApp au ${whatsapp} ; l’équipe travaille du lundi au vendredi, ${teamHours}.`,
    otherLanguage: (l) => `(Réponse tirée de notre article d’aide en ${LANGUAGE_NAMES.fr[l]}.)`,
    languageNames: LANGUAGE_NAMES.fr,
    plan: { unlimited: 'Illimité', unlimitedPlus: 'Illimité Plus', day: 'jour', days: 'jours' },
    pageTitle: (d) => `${d} : forfaits eSIM`,
    cheapest: (d, p, price) => `L’eSIM la moins chère pour ${d} est ${p} à ${price}.`,
    cheapestUnlimited: (d, p, price) => `L’eSIM illimitée la moins chère pour ${d} est ${p} à ${price}.`,
    cheapestFixed: (d, p, price) => `L’eSIM à volume fixe la moins chère pour ${d} est ${p} à ${price}.`,
    cheapestMatching: (d, wish, p, price) => `L’eSIM la moins chère pour ${d} avec ${wish} est ${p} à ${price}.`,
    noneMatching: (d, wish) => `Aucun forfait pour ${d} n’offre ${wish}.`,
    wishData: (gb) => `au moins ${gb} GB`,
    wishDays: (days) => `au moins ${days} jours`,
    otherOptions: (list) => `Autres options : ${list}.`,
    popular: (d, p, price) => `L’eSIM la plus vendue pour ${d} ces 90 derniers jours est ${p} à ${price}.`,
    noSales: (d) => `Nous n’avons pas encore de chiffres de vente récents pour ${d}.`,
    allPlans: (n, d) => `Voir les ${n} forfaits sur la page ${d}.`,
    pricesNote: 'Les prix sont en USD, taxes comprises.',
    coveredBy: (d, plans) => `Nous n’avons pas de forfait local pour ${d}, mais nos forfaits ${plans} le couvrent.`,
    coveredTogether: (c, plans) => `Un seul forfait peut couvrir ${c} : ${plans}.`,
    notSold: (d) => `Désolé, nous n’avons actuellement aucun forfait couvrant ${d}.`,
    networks: (d, list) => `En ${d}, nos forfaits utilisent ces réseaux : ${list}.`,
    noNetworkList: (d) => `En ${d}, nos forfaits se connectent aux meilleurs réseaux locaux disponibles.`,
    alsoCovered: (d, regions) => `${d} est aussi couvert par nos forfaits ${regions}.`,
    regionCovers: (r, n, ex) => `Les forfaits ${r} couvrent ${n} pays, dont ${ex}.`,
    regionIncludes: (r, c) => `Oui, les forfaits ${r} couvrent ${c}.`,
    regionExcludes: (r, c, alt) => `Non, les forfaits ${r} ne couvrent pas ${c}. ${alt}`,
    localPlans: (d, n, price) => `Nous avons ${n} forfaits pour ${d}, à partir de ${price}.`,
    deviceYes: (d) => `Oui, le ${d} est compatible eSIM : il fonctionne avec nos forfaits.`,
    deviceNo: (d) =>
      `Non, le ${d} n’est pas compatible eSIM : il ne peut pas utiliser nos forfaits. Sont compatibles l’iPhone XS/XR et plus récents, le Galaxy S20 et plus récents et le Pixel 3 et plus récents.`,
    deviceUnknown: (d) =>
      `Le ${d} ne figure pas dans notre liste d’appareils : je ne peux pas confirmer qu’il est compatible eSIM. Pour vérifier : sur Android, composez *#06# — si un EID s’affiche, le téléphone est compatible ; sur iPhone, Réglages › Données cellulaires affiche « Ajouter une eSIM ».`,
    deviceNotes: {
      chinaIphone: 'Les iPhone vendus en Chine continentale n’ont pas d’eSIM.',
      galaxyRegions: 'Certains modèles vendus en Chine, à Hong Kong ou à Taïwan n’ont pas d’eSIM.',
      pixel3a: 'Certains Pixel 3a vendus au Japon ou par certains opérateurs n’ont pas d’eSIM.',
      iphoneSe:
        'L’iPhone SE est compatible eSIM à partir de la 2e génération (2020) ; la 1re génération (2016) ne l’est pas.',
      ipadCellular:
        'Seuls les iPad Wi-Fi + Cellular sont compatibles eSIM (iPad Pro 11 pouces, iPad Pro 12,9 pouces 3e gén., iPad Air 3e gén., iPad 7e gén., iPad mini 5e gén. et plus récents).',
      regional: 'La compatibilité eSIM peut varier selon la région et la version du modèle.',
    },
    unlockedCaveat: 'Le téléphone doit être désimlocké (débloqué, non verrouillé sur un opérateur).',
    refundPolicy:
      'Vous êtes remboursé intégralement dans les 30 jours suivant l’achat si l’eSIM n’a pas été activée ; une fois activée (utilisée), aucun remboursement. ' +
      'Une commande peut être annulée dans l’heure qui suit l’achat si elle n’est pas activée. Nous décidons sous 2-3 jours ouvrés ; l’argent revient en 3-5 jours ouvrés sur une carte ou 1-2 avec PayPal. ' +
      `Écrivez à ${email} avec votre numéro de commande.`,
    unlimitedPolicy:
      'Illimité : 1 GB par jour à pleine vitesse, puis données illimitées à 512 kbps. Illimité Plus : 2 GB par jour à pleine vitesse, puis données illimitées à 2 Mbps. ' +
      'Votre quota à pleine vitesse se renouvelle toutes les 24 heures pendant toute la période de validité. Le partage de connexion est autorisé et compte dans le quota quotidien.',
    deviceListTitle: 'Appareils compatibles',
    refundPolicyTitle: 'Politique de remboursement',
    speedPolicyTitle: 'Politique de débit',
  },
  de: {
    fallback:
      `Leider habe ich dazu in unseren Hilfeartikeln keine Antwort gefunden. Unser Support-Team hilft Ihnen gern: E-Mail an ${email} ` +
      `(Antwort innerhalb von 24 Stunden) oder WhatsApp unter ${whatsapp}; das Team arbeitet Mo–Fr, ${teamHours}.`,
    otherLanguage: (l) => `(Antwort aus unserem Hilfeartikel auf ${LANGUAGE_NAMES.de[l]}.)`,
    languageNames: LANGUAGE_NAMES.de,
    plan: { unlimited: 'Unbegrenzt', unlimitedPlus: 'Unbegrenzt Plus', day: 'Tag', days: 'Tage' },
    pageTitle: (d) => `${d}: eSIM-Tarife`,
    cheapest: (d, p, price) => `Die günstigste eSIM für ${d} ist ${p} für ${price}.`,
    cheapestUnlimited: (d, p, price) => `Die günstigste unbegrenzte eSIM für ${d} ist ${p} für ${price}.`,
    cheapestFixed: (d, p, price) => `Die günstigste eSIM mit festem Datenvolumen für ${d} ist ${p} für ${price}.`,
    cheapestMatching: (d, wish, p, price) => `Die günstigste eSIM für ${d} mit ${wish} ist ${p} für ${price}.`,
    noneMatching: (d, wish) => `Für ${d} gibt es keinen Tarif mit ${wish}.`,
    wishData: (gb) => `mindestens ${gb} GB`,
    wishDays: (days) => `mindestens ${days} Tagen Laufzeit`,
    otherOptions: (list) => `Weitere Optionen: ${list}.`,
    popular: (d, p, price) => `Die beliebteste eSIM für ${d} in den letzten 90 Tagen ist ${p} für ${price}.`,
    noSales: (d) => `Für ${d} haben wir noch keine aktuellen Verkaufszahlen.`,
    allPlans: (n, d) => `Alle ${n} Tarife finden Sie auf der Seite ${d}.`,
    pricesNote: 'Die Preise sind in USD und enthalten Steuern.',
    coveredBy: (d, plans) => `Für ${d} haben wir keinen lokalen Tarif, aber unsere Tarife ${plans} decken es ab.`,
    coveredTogether: (c, plans) => `Ein einziger Tarif kann ${c} gemeinsam abdecken: ${plans}.`,
    notSold: (d) => `Leider haben wir derzeit keinen Tarif, der ${d} abdeckt.`,
    networks: (d, list) => `In ${d} nutzen unsere Tarife diese Netze: ${list}.`,
    noNetworkList: (d) => `In ${d} verbinden sich unsere Tarife mit den besten verfügbaren lokalen Netzen.`,
    alsoCovered: (d, regions) => `${d} ist auch in unseren Tarifen ${regions} enthalten.`,
    regionCovers: (r, n, ex) => `Die ${r}-Tarife decken ${n} Länder ab, darunter ${ex}.`,
    regionIncludes: (r, c) => `Ja, die ${r}-Tarife decken ${c} ab.`,
    regionExcludes: (r, c, alt) => `Nein, die ${r}-Tarife decken ${c} nicht ab. ${alt}`,
    localPlans: (d, n, price) => `Wir haben ${n} Tarife für ${d}, ab ${price}.`,
    deviceYes: (d) => `Ja, das ${d} unterstützt eSIM und funktioniert daher mit unseren Tarifen.`,
    deviceNo: (d) =>
      `Nein, das ${d} unterstützt keine eSIM und kann unsere Tarife daher nicht nutzen. eSIM-fähig sind iPhone XS/XR und neuer, Galaxy S20 und neuer sowie Pixel 3 und neuer.`,
    deviceUnknown: (d) =>
      `Das ${d} steht nicht auf unserer Geräteliste, daher kann ich die eSIM-Unterstützung nicht bestätigen. So prüfen Sie es: Wählen Sie auf Android *#06# — wird eine EID angezeigt, unterstützt das Gerät eSIM; auf dem iPhone zeigt Einstellungen › Mobilfunk „eSIM hinzufügen“.`,
    deviceNotes: {
      chinaIphone: 'In Festlandchina verkaufte iPhones haben keine eSIM.',
      galaxyRegions: 'Einige in China, Hongkong oder Taiwan verkaufte Modelle haben keine eSIM.',
      pixel3a: 'Einige in Japan oder über bestimmte Anbieter verkaufte Pixel 3a haben keine eSIM.',
      iphoneSe: 'Das iPhone SE unterstützt eSIM ab der 2. Generation (2020); die 1. Generation (2016) nicht.',
      ipadCellular:
        'Nur iPads mit Wi-Fi + Cellular unterstützen eSIM (iPad Pro 11 Zoll, iPad Pro 12,9 Zoll 3. Gen., iPad Air 3. Gen., iPad 7. Gen., iPad mini 5. Gen. und neuer).',
      regional: 'Die eSIM-Unterstützung kann je nach Region und Modellversion abweichen.',
    },
    unlockedCaveat: 'Das Handy muss entsperrt sein (ohne SIM-Lock bzw. Netzsperre).',
    refundPolicy:
      'Sie erhalten innerhalb von 30 Tagen nach dem Kauf eine volle Erstattung, wenn die eSIM nicht aktiviert wurde; nach der Aktivierung (Nutzung) gibt es keine Erstattung. ' +
      'Eine nicht aktivierte Bestellung kann innerhalb von 1 Stunde nach dem Kauf storniert werden. Wir entscheiden innerhalb von 2-3 Werktagen; das Geld ist nach 3-5 Werktagen auf der Karte bzw. nach 1-2 bei PayPal zurück. ' +
      `Schreiben Sie an ${email} mit Ihrer Bestellnummer.`,
    unlimitedPolicy:
      'Unbegrenzt: 1 GB pro Tag mit voller Geschwindigkeit, danach unbegrenzte Daten mit 512 kbps. Unbegrenzt Plus: 2 GB pro Tag mit voller Geschwindigkeit, danach unbegrenzte Daten mit 2 Mbps. ' +
      'Ihr Highspeed-Kontingent erneuert sich alle 24 Stunden – während der gesamten Gültigkeitsdauer. Hotspot ist erlaubt und zählt zum Tageskontingent.',
    deviceListTitle: 'Kompatible Geräte',
    refundPolicyTitle: 'Erstattungsrichtlinie',
    speedPolicyTitle: 'Geschwindigkeitsrichtlinie',
  },
};
