import { BRAND } from './brand.ts';
import type { Language } from './languages.ts';

export { BRAND };

/**
 * Page metadata per route (specification section 2 "Page metadata"; DESIGN.md section 5 SEO).
 * One source for the browser (document head on route change) and the server (HTML it sends).
 */

/** Metadata of one page. `path` is the canonical path (no origin). */
export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  /** `index, follow` or `noindex, nofollow`. */
  robots: string;
  canonicalPath: string;
  /** Default social image (a fixed image, section 2). */
  image: string;
  lang: Language;
}

/** The fixed default social-share image (section 2). */
export const DEFAULT_SOCIAL_IMAGE = '/og-image.png';

type Texts = {
  defaultTitle: string;
  defaultDescription: string;
  keywords: string;
  countryTitle: (country: string) => string;
  countryDescription: (country: string) => string;
  productTitle: (product: string) => string;
  howItWorks: [string, string];
  support: [string, string];
  cart: [string, string];
  checkout: [string, string];
  order: [string, string];
  notFound: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    defaultTitle: `${BRAND} | Travel eSIM data plans for 200+ countries`,
    defaultDescription:
      'Buy a prepaid travel eSIM for 200+ countries with instant activation. No roaming fees, local, regional and global data plans, one-click install on iPhone.',
    keywords: 'eSIM, travel eSIM, prepaid data, roaming, international data plan, unlimited data',
    countryTitle: (c) => `${c} eSIM plans: prepaid and unlimited data | ${BRAND}`,
    countryDescription: (c) =>
      `Stay online in ${c} with a prepaid travel eSIM. Instant activation, no roaming fees, prepaid and unlimited data plans.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    howItWorks: [
      `How it works: install your eSIM in 3 steps | ${BRAND}`,
      'Choose a plan, scan the QR code and get online the moment you land. Setup takes two minutes.',
    ],
    support: [
      `Support: 24/7 help with your eSIM | ${BRAND}`,
      'Get help by e-mail, live chat, WhatsApp or phone. Answers to common eSIM questions.',
    ],
    cart: [`Your cart | ${BRAND}`, 'Review your eSIM plans and check out securely by card or PayPal.'],
    checkout: [`Checkout | ${BRAND}`, 'Pay securely by card or PayPal and get your eSIMs by e-mail within minutes.'],
    order: [`Order confirmation | ${BRAND}`, 'Your eSIM order with QR codes and activation details.'],
    notFound: `Page not found | ${BRAND}`,
  },
  tr: {
    defaultTitle: `${BRAND} | 200+ ülke için seyahat eSIM veri paketleri`,
    defaultDescription:
      '200+ ülke için anında etkinleşen ön ödemeli seyahat eSIM’i satın alın. Dolaşım ücreti yok; yerel, bölgesel ve küresel veri paketleri, iPhone’a tek dokunuşla kurulum.',
    keywords: 'eSIM, seyahat eSIM, ön ödemeli internet, dolaşım, yurt dışı internet paketi, sınırsız internet',
    countryTitle: (c) => `${c} eSIM paketleri: ön ödemeli ve sınırsız internet | ${BRAND}`,
    countryDescription: (c) =>
      `${c} seyahatinizde ön ödemeli eSIM ile çevrimiçi kalın. Anında etkinleştirme, dolaşım ücreti yok, ön ödemeli ve sınırsız paketler.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    howItWorks: [
      `Nasıl çalışır: eSIM’inizi 3 adımda kurun | ${BRAND}`,
      'Bir paket seçin, QR kodu okutun ve indiğiniz anda internete bağlanın. Kurulum iki dakika sürer.',
    ],
    support: [
      `Destek: eSIM’iniz için 7/24 yardım | ${BRAND}`,
      'E-posta, canlı sohbet, WhatsApp veya telefonla yardım alın. Sık sorulan eSIM soruları.',
    ],
    cart: [`Sepetiniz | ${BRAND}`, 'eSIM paketlerinizi gözden geçirin ve kart ya da PayPal ile güvenle ödeyin.'],
    checkout: [`Ödeme | ${BRAND}`, 'Kart ya da PayPal ile güvenle ödeyin, eSIM’leriniz dakikalar içinde e-postanızda.'],
    order: [`Sipariş onayı | ${BRAND}`, 'QR kodları ve aktivasyon bilgileriyle eSIM siparişiniz.'],
    notFound: `Sayfa bulunamadı | ${BRAND}`,
  },
  es: {
    defaultTitle: `${BRAND} | Planes de datos eSIM de viaje para más de 200 países`,
    defaultDescription:
      'Compra una eSIM de viaje prepago para más de 200 países con activación instantánea. Sin cargos de roaming, planes locales, regionales y globales, instalación en un clic en iPhone.',
    keywords: 'eSIM, eSIM de viaje, datos prepago, roaming, plan de datos internacional, datos ilimitados',
    countryTitle: (c) => `Planes eSIM para ${c}: datos prepago e ilimitados | ${BRAND}`,
    countryDescription: (c) =>
      `Mantente conectado en ${c} con una eSIM de viaje prepago. Activación instantánea, sin roaming, planes prepago e ilimitados.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    howItWorks: [
      `Cómo funciona: instala tu eSIM en 3 pasos | ${BRAND}`,
      'Elige un plan, escanea el código QR y conéctate al aterrizar. La instalación lleva dos minutos.',
    ],
    support: [
      `Soporte: ayuda 24/7 con tu eSIM | ${BRAND}`,
      'Recibe ayuda por correo, chat en vivo, WhatsApp o teléfono. Respuestas a las dudas más comunes sobre eSIM.',
    ],
    cart: [`Tu carrito | ${BRAND}`, 'Revisa tus planes eSIM y paga de forma segura con tarjeta o PayPal.'],
    checkout: [`Finalizar compra | ${BRAND}`, 'Paga de forma segura con tarjeta o PayPal y recibe tus eSIM por correo en minutos.'],
    order: [`Confirmación del pedido | ${BRAND}`, 'Tu pedido de eSIM con los códigos QR y los datos de activación.'],
    notFound: `Página no encontrada | ${BRAND}`,
  },
  fr: {
    defaultTitle: `${BRAND} | Forfaits eSIM de voyage pour plus de 200 pays`,
    defaultDescription:
      'Achetez une eSIM de voyage prépayée pour plus de 200 pays, activée instantanément. Sans frais d’itinérance, forfaits locaux, régionaux et mondiaux, installation en un clic sur iPhone.',
    keywords: 'eSIM, eSIM de voyage, données prépayées, itinérance, forfait data international, data illimitée',
    countryTitle: (c) => `Forfaits eSIM pour ${c} : data prépayée et illimitée | ${BRAND}`,
    countryDescription: (c) =>
      `Restez connecté en ${c} avec une eSIM de voyage prépayée. Activation instantanée, sans frais d’itinérance, forfaits prépayés et illimités.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    howItWorks: [
      `Comment ça marche : installez votre eSIM en 3 étapes | ${BRAND}`,
      'Choisissez un forfait, scannez le QR code et connectez-vous dès l’atterrissage. L’installation prend deux minutes.',
    ],
    support: [
      `Assistance : aide 24h/24 pour votre eSIM | ${BRAND}`,
      'Obtenez de l’aide par e-mail, chat en direct, WhatsApp ou téléphone. Réponses aux questions fréquentes sur l’eSIM.',
    ],
    cart: [`Votre panier | ${BRAND}`, 'Vérifiez vos forfaits eSIM et payez en toute sécurité par carte ou PayPal.'],
    checkout: [`Paiement | ${BRAND}`, 'Payez en toute sécurité par carte ou PayPal et recevez vos eSIM par e-mail en quelques minutes.'],
    order: [`Confirmation de commande | ${BRAND}`, 'Votre commande d’eSIM avec les codes QR et les informations d’activation.'],
    notFound: `Page introuvable | ${BRAND}`,
  },
  de: {
    defaultTitle: `${BRAND} | Reise-eSIM-Datentarife für über 200 Länder`,
    defaultDescription:
      'Kaufen Sie eine Prepaid-Reise-eSIM für über 200 Länder mit sofortiger Aktivierung. Keine Roaminggebühren, lokale, regionale und weltweite Tarife, Ein-Klick-Installation auf dem iPhone.',
    keywords: 'eSIM, Reise-eSIM, Prepaid-Daten, Roaming, internationaler Datentarif, unbegrenzte Daten',
    countryTitle: (c) => `eSIM-Tarife für ${c}: Prepaid und unbegrenzte Daten | ${BRAND}`,
    countryDescription: (c) =>
      `Bleiben Sie in ${c} mit einer Prepaid-Reise-eSIM online. Sofortige Aktivierung, keine Roaminggebühren, Prepaid- und Unlimited-Tarife.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    howItWorks: [
      `So funktioniert’s: eSIM in 3 Schritten installieren | ${BRAND}`,
      'Tarif wählen, QR-Code scannen und nach der Landung sofort online sein. Die Einrichtung dauert zwei Minuten.',
    ],
    support: [
      `Support: Hilfe rund um die Uhr für Ihre eSIM | ${BRAND}`,
      'Hilfe per E-Mail, Live-Chat, WhatsApp oder Telefon. Antworten auf häufige eSIM-Fragen.',
    ],
    cart: [`Ihr Warenkorb | ${BRAND}`, 'Prüfen Sie Ihre eSIM-Tarife und bezahlen Sie sicher per Karte oder PayPal.'],
    checkout: [`Kasse | ${BRAND}`, 'Bezahlen Sie sicher per Karte oder PayPal und erhalten Sie Ihre eSIMs in wenigen Minuten per E-Mail.'],
    order: [`Bestellbestätigung | ${BRAND}`, 'Ihre eSIM-Bestellung mit QR-Codes und Aktivierungsdaten.'],
    notFound: `Seite nicht gefunden | ${BRAND}`,
  },
};

/** Route prefixes that must not be indexed (private or transactional pages). */
const NOINDEX_PREFIXES = [
  '/checkout',
  '/order-confirmation',
  '/portal',
  '/auth',
  '/admin',
  '/profile',
  '/setup-admin',
  '/design-preview',
  '/email-preview',
];

/** What a route is, as far as metadata goes. */
export type MetaRoute =
  | { kind: 'default' }
  | { kind: 'country'; name: string }
  | { kind: 'product'; name: string }
  | { kind: 'how-it-works' | 'support' | 'cart' }
  /** Checkout and order confirmation: noindex by path, titled for the browser tab. */
  | { kind: 'checkout' | 'order' }
  | { kind: 'not-found' };

/**
 * Metadata for a path in a language. Private pages (checkout, portal, auth, admin, profile,
 * first-admin set-up, previews) and the not-found page are `noindex`.
 */
export function pageMeta(pathname: string, lang: Language, route: MetaRoute): PageMeta {
  const t = TEXTS[lang];
  const noindex =
    route.kind === 'not-found' || NOINDEX_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const base = {
    keywords: t.keywords,
    robots: noindex ? 'noindex, nofollow' : 'index, follow',
    canonicalPath: pathname === '/' ? '/' : pathname.replace(/\/+$/, ''),
    image: DEFAULT_SOCIAL_IMAGE,
    lang,
  };
  switch (route.kind) {
    case 'country':
      return {
        ...base,
        title: t.countryTitle(route.name),
        description: t.countryDescription(route.name),
        keywords: `${route.name} eSIM, ${t.keywords}`,
      };
    case 'product':
      return { ...base, title: t.productTitle(route.name), description: t.defaultDescription };
    case 'how-it-works':
      return { ...base, title: t.howItWorks[0], description: t.howItWorks[1] };
    case 'support':
      return { ...base, title: t.support[0], description: t.support[1] };
    case 'cart':
      return { ...base, title: t.cart[0], description: t.cart[1] };
    case 'checkout':
      return { ...base, title: t.checkout[0], description: t.checkout[1] };
    case 'order':
      return { ...base, title: t.order[0], description: t.order[1] };
    case 'not-found':
      return { ...base, title: t.notFound, description: t.defaultDescription };
    case 'default':
      return { ...base, title: t.defaultTitle, description: t.defaultDescription };
  }
}
