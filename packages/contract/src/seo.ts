import { BRAND } from './brand.ts';
import type { Language } from './languages.ts';

export { BRAND };

/**
 * Page metadata per route (`docs/product-rules.md#storefront-pages`).
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
  /** Default social image (a fixed image). */
  image: string;
  lang: Language;
}

/** The fixed default social-share image. */
export const DEFAULT_SOCIAL_IMAGE = '/og-image.png';

/** Title and description of one page. */
type Pair = readonly [title: string, description: string];

/** The pages with fixed texts: every kind of {@link MetaRoute} but the ones named by a value. */
export type FixedPageKind =
  | 'products'
  | 'how-it-works'
  | 'support'
  | 'about'
  | 'contact'
  | 'faq'
  | 'terms'
  | 'privacy'
  | 'refund'
  | 'cookies'
  | 'cart'
  | 'checkout'
  | 'checkout-success'
  | 'order'
  | 'portal'
  | 'topup'
  | 'topup-confirmation'
  | 'auth'
  | 'profile'
  | 'setup-admin'
  | 'preview';

/**
 * Texts of one language. Destination names never follow a preposition (`in`, `für`, `en`,
 * `pour`, `para`): German, French and Spanish put an article or a contracted preposition before
 * many country names ("in den Vereinigten Staaten", "aux États-Unis", "en el Reino Unido"), which
 * no name table from CLDR carries, so the sentences name the destination on its own, as a
 * heading ("Reiseziel Türkei: ...") or an apposition.
 */
type Texts = {
  defaultTitle: string;
  defaultDescription: string;
  keywords: string;
  countryTitle: (country: string) => string;
  countryDescription: (country: string) => string;
  /** `plan`: the plan's name from `plan-name.ts`, already in this language. */
  productTitle: (plan: string) => string;
  productDescription: (plan: string) => string;
  pages: Record<FixedPageKind, Pair>;
  /** `section`: the admin screen's own name, e.g. 'Orders · Admin'. */
  adminTitle: (section: string) => string;
  notFound: string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    defaultTitle: `${BRAND} | Travel eSIM data plans for every trip abroad`,
    defaultDescription:
      'Buy a prepaid travel eSIM for one country, a whole region or the world, with instant activation. No roaming fees, local, regional and global data plans, one-click install on iPhone.',
    keywords: 'eSIM, travel eSIM, prepaid data, roaming, international data plan, unlimited data',
    countryTitle: (c) => `${c} eSIM plans: prepaid and unlimited data | ${BRAND}`,
    countryDescription: (c) =>
      `Stay online in ${c} with a prepaid travel eSIM. Instant activation, no roaming fees, prepaid and unlimited data plans.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    productDescription: (p) =>
      `${p}. Prepaid travel eSIM with instant activation and no roaming fees: buy now, install in two minutes.`,
    pages: {
      products: [
        `All destinations: local, regional and global eSIM plans | ${BRAND}`,
        'Find the eSIM for your trip: local plans for single countries, regional plans for Europe, Asia and more, and global plans. Prepaid and unlimited data.',
      ],
      'how-it-works': [
        `How it works: install your eSIM in 3 steps | ${BRAND}`,
        'Choose a plan, scan the QR code and get online the moment you land. Setup takes two minutes.',
      ],
      support: [
        `Support: help with your eSIM | ${BRAND}`,
        'Ask our chat assistant at any hour, or our team by e-mail, WhatsApp or phone. Answers to common eSIM questions.',
      ],
      about: [
        `About us: affordable travel data abroad | ${BRAND}`,
        `Why we built ${BRAND}: affordable mobile data for travellers, without roaming fees or SIM swaps.`,
      ],
      contact: [
        `Contact us: e-mail, phone and address | ${BRAND}`,
        `Write, call or chat with the ${BRAND} team. Our address, opening hours and the fastest way to reach us.`,
      ],
      faq: [
        `FAQ: travel eSIM questions answered | ${BRAND}`,
        'Which phones support eSIM, when a plan starts, how unlimited data works, top-ups and refunds: the answers travellers ask for most.',
      ],
      terms: [`Terms and conditions | ${BRAND}`, `The terms that apply when you buy and use a ${BRAND} travel eSIM.`],
      privacy: [
        `Privacy policy | ${BRAND}`,
        `What personal data ${BRAND} collects, why, how long it is kept and your rights.`,
      ],
      refund: [
        `Refund policy | ${BRAND}`,
        'When and how you can get your money back for an eSIM plan, and how long a refund takes.',
      ],
      cookies: [
        `Cookie policy | ${BRAND}`,
        `Which cookies ${BRAND} uses, what they are for and how to change your choice.`,
      ],
      cart: [`Your cart | ${BRAND}`, 'Review your eSIM plans and check out securely by card or PayPal.'],
      checkout: [`Checkout | ${BRAND}`, 'Pay securely by card or PayPal and get your eSIMs by e-mail within minutes.'],
      'checkout-success': [
        `Completing your payment | ${BRAND}`,
        'We are confirming your payment and preparing your eSIMs.',
      ],
      order: [`Order confirmation | ${BRAND}`, 'Your eSIM order with QR codes and activation details.'],
      portal: [`My eSIMs | ${BRAND}`, 'Your eSIMs, their data use and validity, installation codes and top-ups.'],
      topup: [`Top up your eSIM | ${BRAND}`, 'Add data to the eSIM you already have: nothing to install.'],
      'topup-confirmation': [
        `Top-up confirmation | ${BRAND}`,
        'Your top-up order and when the new data is on your eSIM.',
      ],
      auth: [
        `Sign in or create an account | ${BRAND}`,
        `Sign in to ${BRAND} to see all your eSIMs and orders in one place.`,
      ],
      profile: [`My profile | ${BRAND}`, 'Your account details, password and two-step verification.'],
      'setup-admin': [
        `Set up the first administrator | ${BRAND}`,
        `Create the first administrator account of ${BRAND}.`,
      ],
      preview: [`Design preview | ${BRAND}`, `The ${BRAND} design system and e-mail previews.`],
    },
    adminTitle: (section) => `${section} | ${BRAND}`,
    notFound: `Page not found | ${BRAND}`,
  },
  tr: {
    defaultTitle: `${BRAND} | Her yurt dışı seyahati için eSIM veri paketleri`,
    defaultDescription:
      'Tek bir ülke, bütün bir bölge ya da tüm dünya için anında etkinleşen ön ödemeli seyahat eSIM’i satın alın. Dolaşım ücreti yok; yerel, bölgesel ve küresel veri paketleri, iPhone’a tek dokunuşla kurulum.',
    keywords: 'eSIM, seyahat eSIM, ön ödemeli internet, dolaşım, yurt dışı internet paketi, sınırsız internet',
    countryTitle: (c) => `${c} eSIM paketleri: ön ödemeli ve sınırsız internet | ${BRAND}`,
    countryDescription: (c) =>
      `${c} seyahatinizde ön ödemeli eSIM ile çevrimiçi kalın. Anında etkinleştirme, dolaşım ücreti yok, ön ödemeli ve sınırsız paketler.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    productDescription: (p) =>
      `${p}. Anında etkinleşen, dolaşım ücreti olmayan ön ödemeli seyahat eSIM’i: hemen satın alın, iki dakikada kurun.`,
    pages: {
      products: [
        `Tüm destinasyonlar: yerel, bölgesel ve küresel eSIM paketleri | ${BRAND}`,
        'Seyahatiniz için eSIM’i bulun: tek bir ülke için yerel, Avrupa, Asya ve diğer bölgeler için bölgesel ve küresel paketler. Ön ödemeli ve sınırsız internet.',
      ],
      'how-it-works': [
        `Nasıl çalışır: eSIM’inizi 3 adımda kurun | ${BRAND}`,
        'Bir paket seçin, QR kodu okutun ve indiğiniz anda internete bağlanın. Kurulum iki dakika sürer.',
      ],
      support: [
        `Destek: eSIM’iniz için yardım | ${BRAND}`,
        'Sohbet asistanımıza günün her saatinde, ekibimize e-posta, WhatsApp veya telefonla sorun. Sık sorulan eSIM soruları.',
      ],
      about: [
        `Hakkımızda: yurt dışında uygun fiyatlı seyahat interneti | ${BRAND}`,
        `${BRAND}’i neden kurduk: gezginler için dolaşım ücreti ve SIM değiştirme olmadan uygun fiyatlı mobil internet.`,
      ],
      contact: [
        `İletişim: e-posta, telefon ve adres | ${BRAND}`,
        `${BRAND} ekibine yazın, arayın ya da sohbet edin. Adresimiz, çalışma saatlerimiz ve bize en hızlı ulaşma yolu.`,
      ],
      faq: [
        `SSS: seyahat eSIM’i hakkında sık sorulan sorular | ${BRAND}`,
        'Hangi telefonlar eSIM destekler, paket ne zaman başlar, sınırsız internet nasıl çalışır, ek paketler ve iadeler: gezginlerin en çok sorduğu soruların yanıtları.',
      ],
      terms: [
        `Şartlar ve koşullar | ${BRAND}`,
        `${BRAND} seyahat eSIM’i satın alırken ve kullanırken geçerli şartlar.`,
      ],
      privacy: [
        `Gizlilik politikası | ${BRAND}`,
        `${BRAND}’in hangi kişisel verileri neden topladığı, ne kadar sakladığı ve haklarınız.`,
      ],
      refund: [
        `İade politikası | ${BRAND}`,
        'Bir eSIM paketi için paranızı ne zaman ve nasıl geri alabileceğiniz ve iadenin ne kadar sürdüğü.',
      ],
      cookies: [
        `Çerez politikası | ${BRAND}`,
        `${BRAND}’in hangi çerezleri ne için kullandığı ve tercihinizi nasıl değiştireceğiniz.`,
      ],
      cart: [`Sepetiniz | ${BRAND}`, 'eSIM paketlerinizi gözden geçirin ve kart ya da PayPal ile güvenle ödeyin.'],
      checkout: [
        `Ödeme | ${BRAND}`,
        'Kart ya da PayPal ile güvenle ödeyin, eSIM’leriniz dakikalar içinde e-postanızda.',
      ],
      'checkout-success': [`Ödemeniz tamamlanıyor | ${BRAND}`, 'Ödemenizi doğruluyor ve eSIM’lerinizi hazırlıyoruz.'],
      order: [`Sipariş onayı | ${BRAND}`, 'QR kodları ve aktivasyon bilgileriyle eSIM siparişiniz.'],
      portal: [
        `eSIM’lerim | ${BRAND}`,
        'eSIM’leriniz, veri kullanımları ve geçerlilikleri, kurulum kodları ve ek paketler.',
      ],
      topup: [`eSIM’inize ek paket alın | ${BRAND}`, 'Mevcut eSIM’inize veri ekleyin: kurulacak bir şey yok.'],
      'topup-confirmation': [
        `Ek paket onayı | ${BRAND}`,
        'Ek paket siparişiniz ve yeni verinin eSIM’inize ne zaman ekleneceği.',
      ],
      auth: [
        `Giriş yapın veya hesap oluşturun | ${BRAND}`,
        `Tüm eSIM’lerinizi ve siparişlerinizi tek yerde görmek için ${BRAND}’e giriş yapın.`,
      ],
      profile: [`Profilim | ${BRAND}`, 'Hesap bilgileriniz, şifreniz ve iki adımlı doğrulama.'],
      'setup-admin': [`İlk yöneticiyi oluşturun | ${BRAND}`, `${BRAND}’in ilk yönetici hesabını oluşturun.`],
      preview: [`Tasarım önizlemesi | ${BRAND}`, `${BRAND} tasarım sistemi ve e-posta önizlemeleri.`],
    },
    adminTitle: (section) => `${section} | ${BRAND}`,
    notFound: `Sayfa bulunamadı | ${BRAND}`,
  },
  es: {
    defaultTitle: `${BRAND} | Planes de datos eSIM para cada viaje al extranjero`,
    defaultDescription:
      'Compra una eSIM de viaje prepago para un país, una región entera o todo el mundo, con activación instantánea. Sin cargos de roaming, planes locales, regionales y globales, instalación en un clic en iPhone.',
    keywords: 'eSIM, eSIM de viaje, datos prepago, roaming, plan de datos internacional, datos ilimitados',
    countryTitle: (c) => `${c}: planes eSIM con datos prepago e ilimitados | ${BRAND}`,
    countryDescription: (c) =>
      `Destino ${c}: mantente conectado con una eSIM de viaje prepago. Activación instantánea, sin roaming, planes prepago e ilimitados.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    productDescription: (p) =>
      `${p}. eSIM de viaje prepago con activación instantánea y sin roaming: cómprala ahora e instálala en dos minutos.`,
    pages: {
      products: [
        `Todos los destinos: planes eSIM locales, regionales y globales | ${BRAND}`,
        'Encuentra la eSIM para tu viaje: planes locales para un solo país, regionales para Europa, Asia y más, y planes globales. Datos prepago e ilimitados.',
      ],
      'how-it-works': [
        `Cómo funciona: instala tu eSIM en 3 pasos | ${BRAND}`,
        'Elige un plan, escanea el código QR y conéctate al aterrizar. La instalación lleva dos minutos.',
      ],
      support: [
        `Soporte: ayuda con tu eSIM | ${BRAND}`,
        'Pregunta a nuestro asistente de chat a cualquier hora, o a nuestro equipo por correo, WhatsApp o teléfono. Respuestas a las dudas más comunes sobre eSIM.',
      ],
      about: [
        `Quiénes somos: datos de viaje asequibles en el extranjero | ${BRAND}`,
        `Por qué creamos ${BRAND}: datos móviles asequibles para viajeros, sin roaming ni cambios de SIM.`,
      ],
      contact: [
        `Contacto: correo, teléfono y dirección | ${BRAND}`,
        `Escribe, llama o chatea con el equipo de ${BRAND}. Nuestra dirección, el horario y la forma más rápida de contactarnos.`,
      ],
      faq: [
        `Preguntas frecuentes sobre la eSIM de viaje | ${BRAND}`,
        'Qué teléfonos admiten eSIM, cuándo empieza un plan, cómo funcionan los datos ilimitados, recargas y reembolsos: lo que más preguntan los viajeros.',
      ],
      terms: [
        `Términos y condiciones | ${BRAND}`,
        `Las condiciones que se aplican al comprar y usar una eSIM de viaje de ${BRAND}.`,
      ],
      privacy: [
        `Política de privacidad | ${BRAND}`,
        `Qué datos personales recoge ${BRAND}, para qué, cuánto tiempo se guardan y tus derechos.`,
      ],
      refund: [
        `Política de reembolso | ${BRAND}`,
        'Cuándo y cómo puedes recuperar tu dinero por un plan eSIM y cuánto tarda un reembolso.',
      ],
      cookies: [
        `Política de cookies | ${BRAND}`,
        `Qué cookies usa ${BRAND}, para qué sirven y cómo cambiar tu elección.`,
      ],
      cart: [`Tu carrito | ${BRAND}`, 'Revisa tus planes eSIM y paga de forma segura con tarjeta o PayPal.'],
      checkout: [
        `Finalizar compra | ${BRAND}`,
        'Paga de forma segura con tarjeta o PayPal y recibe tus eSIM por correo en minutos.',
      ],
      'checkout-success': [`Completando tu pago | ${BRAND}`, 'Estamos confirmando tu pago y preparando tus eSIM.'],
      order: [`Confirmación del pedido | ${BRAND}`, 'Tu pedido de eSIM con los códigos QR y los datos de activación.'],
      portal: [
        `Mis eSIM | ${BRAND}`,
        'Tus eSIM, su consumo de datos y validez, los códigos de instalación y las recargas.',
      ],
      topup: [`Recarga tu eSIM | ${BRAND}`, 'Añade datos a la eSIM que ya tienes: no hay nada que instalar.'],
      'topup-confirmation': [
        `Confirmación de la recarga | ${BRAND}`,
        'Tu pedido de recarga y cuándo estarán los nuevos datos en tu eSIM.',
      ],
      auth: [
        `Inicia sesión o crea una cuenta | ${BRAND}`,
        `Inicia sesión en ${BRAND} para ver todas tus eSIM y pedidos en un solo lugar.`,
      ],
      profile: [`Mi perfil | ${BRAND}`, 'Los datos de tu cuenta, la contraseña y la verificación en dos pasos.'],
      'setup-admin': [
        `Configura el primer administrador | ${BRAND}`,
        `Crea la primera cuenta de administrador de ${BRAND}.`,
      ],
      preview: [
        `Vista previa del diseño | ${BRAND}`,
        `El sistema de diseño de ${BRAND} y las vistas previas de correos.`,
      ],
    },
    adminTitle: (section) => `${section} | ${BRAND}`,
    notFound: `Página no encontrada | ${BRAND}`,
  },
  fr: {
    defaultTitle: `${BRAND} | Forfaits eSIM pour chaque voyage à l’étranger`,
    defaultDescription:
      'Achetez une eSIM de voyage prépayée pour un pays, une région entière ou le monde entier, activée instantanément. Sans frais d’itinérance, forfaits locaux, régionaux et mondiaux, installation en un clic sur iPhone.',
    keywords: 'eSIM, eSIM de voyage, données prépayées, itinérance, forfait data international, data illimitée',
    countryTitle: (c) => `${c} : forfaits eSIM, data prépayée et illimitée | ${BRAND}`,
    countryDescription: (c) =>
      `Destination ${c} : restez connecté avec une eSIM de voyage prépayée. Activation instantanée, sans frais d’itinérance, forfaits prépayés et illimités.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    productDescription: (p) =>
      `${p}. eSIM de voyage prépayée, activée instantanément et sans frais d’itinérance : achetez-la maintenant, installez-la en deux minutes.`,
    pages: {
      products: [
        `Toutes les destinations : forfaits eSIM locaux, régionaux et mondiaux | ${BRAND}`,
        'Trouvez l’eSIM de votre voyage : forfaits locaux pour un seul pays, régionaux pour l’Europe, l’Asie et plus, et forfaits mondiaux. Data prépayée et illimitée.',
      ],
      'how-it-works': [
        `Comment ça marche : installez votre eSIM en 3 étapes | ${BRAND}`,
        'Choisissez un forfait, scannez le QR code et connectez-vous dès l’atterrissage. L’installation prend deux minutes.',
      ],
      support: [
        `Assistance : de l’aide pour votre eSIM | ${BRAND}`,
        'Interrogez notre assistant de chat à toute heure, ou notre équipe par e-mail, WhatsApp ou téléphone. Réponses aux questions fréquentes sur l’eSIM.',
      ],
      about: [
        `Qui sommes-nous : de la data de voyage abordable à l’étranger | ${BRAND}`,
        `Pourquoi nous avons créé ${BRAND} : de la data mobile abordable pour les voyageurs, sans frais d’itinérance ni changement de SIM.`,
      ],
      contact: [
        `Contact : e-mail, téléphone et adresse | ${BRAND}`,
        `Écrivez, appelez ou discutez avec l’équipe ${BRAND}. Notre adresse, nos horaires et le moyen le plus rapide de nous joindre.`,
      ],
      faq: [
        `FAQ : vos questions sur l’eSIM de voyage | ${BRAND}`,
        'Quels téléphones acceptent l’eSIM, quand un forfait démarre, comment fonctionne la data illimitée, recharges et remboursements : les réponses que les voyageurs demandent le plus.',
      ],
      terms: [
        `Conditions générales | ${BRAND}`,
        `Les conditions qui s’appliquent à l’achat et à l’utilisation d’une eSIM de voyage ${BRAND}.`,
      ],
      privacy: [
        `Politique de confidentialité | ${BRAND}`,
        `Quelles données personnelles ${BRAND} collecte, pourquoi, combien de temps elles sont conservées et vos droits.`,
      ],
      refund: [
        `Politique de remboursement | ${BRAND}`,
        'Quand et comment être remboursé d’un forfait eSIM, et en combien de temps.',
      ],
      cookies: [
        `Politique relative aux cookies | ${BRAND}`,
        `Quels cookies ${BRAND} utilise, à quoi ils servent et comment modifier votre choix.`,
      ],
      cart: [`Votre panier | ${BRAND}`, 'Vérifiez vos forfaits eSIM et payez en toute sécurité par carte ou PayPal.'],
      checkout: [
        `Paiement | ${BRAND}`,
        'Payez en toute sécurité par carte ou PayPal et recevez vos eSIM par e-mail en quelques minutes.',
      ],
      'checkout-success': [
        `Finalisation de votre paiement | ${BRAND}`,
        'Nous confirmons votre paiement et préparons vos eSIM.',
      ],
      order: [
        `Confirmation de commande | ${BRAND}`,
        'Votre commande d’eSIM avec les codes QR et les informations d’activation.',
      ],
      portal: [
        `Mes eSIM | ${BRAND}`,
        'Vos eSIM, leur consommation et leur validité, les codes d’installation et les recharges.',
      ],
      topup: [`Recharger votre eSIM | ${BRAND}`, 'Ajoutez de la data à l’eSIM que vous avez déjà : rien à installer.'],
      'topup-confirmation': [
        `Confirmation de recharge | ${BRAND}`,
        'Votre commande de recharge et quand la nouvelle data arrive sur votre eSIM.',
      ],
      auth: [
        `Se connecter ou créer un compte | ${BRAND}`,
        `Connectez-vous à ${BRAND} pour retrouver toutes vos eSIM et commandes au même endroit.`,
      ],
      profile: [
        `Mon profil | ${BRAND}`,
        'Les informations de votre compte, votre mot de passe et la validation en deux étapes.',
      ],
      'setup-admin': [
        `Créer le premier administrateur | ${BRAND}`,
        `Créez le premier compte administrateur de ${BRAND}.`,
      ],
      preview: [`Aperçu du design | ${BRAND}`, `Le système de design de ${BRAND} et les aperçus d’e-mails.`],
    },
    adminTitle: (section) => `${section} | ${BRAND}`,
    notFound: `Page introuvable | ${BRAND}`,
  },
  de: {
    defaultTitle: `${BRAND} | Reise-eSIM-Datentarife für jede Auslandsreise`,
    defaultDescription:
      'Kaufen Sie eine Prepaid-Reise-eSIM für ein Land, eine ganze Region oder die ganze Welt, mit sofortiger Aktivierung. Keine Roaminggebühren, lokale, regionale und weltweite Tarife, Ein-Klick-Installation auf dem iPhone.',
    keywords: 'eSIM, Reise-eSIM, Prepaid-Daten, Roaming, internationaler Datentarif, unbegrenzte Daten',
    countryTitle: (c) => `${c}: eSIM-Tarife mit Prepaid- und unbegrenzten Daten | ${BRAND}`,
    countryDescription: (c) =>
      `Reiseziel ${c}: Bleiben Sie mit einer Prepaid-Reise-eSIM online. Sofortige Aktivierung, keine Roaminggebühren, Prepaid- und Unlimited-Tarife.`,
    productTitle: (p) => `${p} | ${BRAND}`,
    productDescription: (p) =>
      `${p}. Prepaid-Reise-eSIM mit sofortiger Aktivierung und ohne Roaminggebühren: jetzt kaufen, in zwei Minuten installieren.`,
    pages: {
      products: [
        `Alle Reiseziele: lokale, regionale und weltweite eSIM-Tarife | ${BRAND}`,
        'Finden Sie die eSIM für Ihre Reise: lokale Tarife für ein einzelnes Land, regionale für Europa, Asien und mehr sowie weltweite Tarife. Prepaid und unbegrenzte Daten.',
      ],
      'how-it-works': [
        `So funktioniert’s: eSIM in 3 Schritten installieren | ${BRAND}`,
        'Tarif wählen, QR-Code scannen und nach der Landung sofort online sein. Die Einrichtung dauert zwei Minuten.',
      ],
      support: [
        `Support: Hilfe für Ihre eSIM | ${BRAND}`,
        'Fragen Sie unseren Chat-Assistenten zu jeder Uhrzeit oder unser Team per E-Mail, WhatsApp oder Telefon. Antworten auf häufige eSIM-Fragen.',
      ],
      about: [
        `Über uns: günstige Reisedaten im Ausland | ${BRAND}`,
        `Warum es ${BRAND} gibt: günstige mobile Daten für Reisende, ohne Roaminggebühren und ohne SIM-Wechsel.`,
      ],
      contact: [
        `Kontakt: E-Mail, Telefon und Adresse | ${BRAND}`,
        `Schreiben Sie dem ${BRAND}-Team, rufen Sie an oder chatten Sie mit uns. Unsere Adresse, Öffnungszeiten und der schnellste Weg zu uns.`,
      ],
      faq: [
        `FAQ: Antworten rund um die Reise-eSIM | ${BRAND}`,
        'Welche Handys eSIM unterstützen, wann ein Tarif beginnt, wie unbegrenzte Daten funktionieren, Aufladungen und Erstattungen: die häufigsten Fragen von Reisenden.',
      ],
      terms: [
        `Allgemeine Geschäftsbedingungen | ${BRAND}`,
        `Die Bedingungen, die beim Kauf und bei der Nutzung einer ${BRAND}-Reise-eSIM gelten.`,
      ],
      privacy: [
        `Datenschutzerklärung | ${BRAND}`,
        `Welche personenbezogenen Daten ${BRAND} erhebt, wozu, wie lange sie gespeichert werden und Ihre Rechte.`,
      ],
      refund: [
        `Erstattungsrichtlinie | ${BRAND}`,
        'Wann und wie Sie Ihr Geld für einen eSIM-Tarif zurückbekommen und wie lange eine Erstattung dauert.',
      ],
      cookies: [
        `Cookie-Richtlinie | ${BRAND}`,
        `Welche Cookies ${BRAND} verwendet, wofür und wie Sie Ihre Auswahl ändern.`,
      ],
      cart: [`Ihr Warenkorb | ${BRAND}`, 'Prüfen Sie Ihre eSIM-Tarife und bezahlen Sie sicher per Karte oder PayPal.'],
      checkout: [
        `Kasse | ${BRAND}`,
        'Bezahlen Sie sicher per Karte oder PayPal und erhalten Sie Ihre eSIMs in wenigen Minuten per E-Mail.',
      ],
      'checkout-success': [
        `Zahlung wird abgeschlossen | ${BRAND}`,
        'Wir bestätigen Ihre Zahlung und bereiten Ihre eSIMs vor.',
      ],
      order: [`Bestellbestätigung | ${BRAND}`, 'Ihre eSIM-Bestellung mit QR-Codes und Aktivierungsdaten.'],
      portal: [
        `Meine eSIMs | ${BRAND}`,
        'Ihre eSIMs, Datenverbrauch und Gültigkeit, Installationscodes und Aufladungen.',
      ],
      topup: [`eSIM aufladen | ${BRAND}`, 'Laden Sie Daten auf die eSIM, die Sie schon haben: nichts zu installieren.'],
      'topup-confirmation': [
        `Aufladung bestätigt | ${BRAND}`,
        'Ihre Aufladung und wann die neuen Daten auf Ihrer eSIM sind.',
      ],
      auth: [
        `Anmelden oder Konto erstellen | ${BRAND}`,
        `Melden Sie sich bei ${BRAND} an, um alle Ihre eSIMs und Bestellungen an einem Ort zu sehen.`,
      ],
      profile: [`Mein Profil | ${BRAND}`, 'Ihre Kontodaten, Ihr Passwort und die Zwei-Faktor-Authentifizierung.'],
      'setup-admin': [
        `Ersten Administrator einrichten | ${BRAND}`,
        `Legen Sie das erste Administratorkonto von ${BRAND} an.`,
      ],
      preview: [`Design-Vorschau | ${BRAND}`, `Das Designsystem von ${BRAND} und die E-Mail-Vorschauen.`],
    },
    adminTitle: (section) => `${section} | ${BRAND}`,
    notFound: `Seite nicht gefunden | ${BRAND}`,
  },
};

/**
 * Pages that must not be indexed: private or transactional ones, by kind.
 * A path under {@link NOINDEX_PREFIXES} is noindex whatever kind it is given.
 */
const NOINDEX_KINDS: ReadonlySet<MetaRoute['kind']> = new Set<MetaRoute['kind']>([
  'cart',
  'checkout',
  'checkout-success',
  'order',
  'portal',
  'topup',
  'topup-confirmation',
  'auth',
  'profile',
  'setup-admin',
  'preview',
  'admin',
  'not-found',
]);

/** Route prefixes that must not be indexed (private or transactional pages). */
const NOINDEX_PREFIXES = [
  '/cart',
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

/** What a route is, as far as metadata goes; each page has its own kind, so its own title. */
export type MetaRoute =
  /** The home page. */
  | { kind: 'default' }
  /** `/{lang}/{country}`: `name` in the page's language. */
  | { kind: 'country'; name: string }
  /** `/products/{id}`: `name` is the plan's name from `plan-name.ts` in the page's language. */
  | { kind: 'product'; name: string }
  /** An admin screen: `section` names it, e.g. 'Orders · Admin'. */
  | { kind: 'admin'; section: string }
  | { kind: FixedPageKind }
  | { kind: 'not-found' };

/**
 * Metadata for a path in a language: each page its own title and description. Private and transactional pages (cart, checkout,
 * order confirmation, portal, auth, profile, admin, first-admin set-up, previews) and the
 * not-found page are `noindex, nofollow`, by kind and by path.
 */
export function pageMeta(pathname: string, lang: Language, route: MetaRoute): PageMeta {
  const t = TEXTS[lang] ?? TEXTS.en;
  const noindex =
    NOINDEX_KINDS.has(route.kind) || NOINDEX_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const base = {
    keywords: t.keywords,
    robots: noindex ? 'noindex, nofollow' : 'index, follow',
    canonicalPath: pathname === '/' ? '/' : pathname.replace(/\/+$/, ''),
    image: DEFAULT_SOCIAL_IMAGE,
    lang,
  };
  switch (route.kind) {
    case 'default':
      return { ...base, title: t.defaultTitle, description: t.defaultDescription };
    case 'country':
      return {
        ...base,
        title: t.countryTitle(route.name),
        description: t.countryDescription(route.name),
        keywords: `${route.name} eSIM, ${t.keywords}`,
      };
    case 'product':
      return { ...base, title: t.productTitle(route.name), description: t.productDescription(route.name) };
    case 'admin':
      return { ...base, title: t.adminTitle(route.section), description: t.defaultDescription };
    case 'not-found':
      return { ...base, title: t.notFound, description: t.defaultDescription };
    default: {
      const [title, description] = t.pages[route.kind];
      return { ...base, title, description };
    }
  }
}
