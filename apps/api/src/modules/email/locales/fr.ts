import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';
import type { EmailStrings } from './types.ts';

/** The support hours' one source (`@esim/contract/support-hours`). */
const { teamHours, phoneHours } = SUPPORT_HOURS_TEXT;

/** French e-mail texts ("vous", as in the storefront). */
export const fr: EmailStrings = {
  common: {
    greeting: 'Bonjour {name},',
    supportHeading: 'Besoin d’aide ?',
    supportIntro:
      'Nous répondons aux e-mails sous 24 heures, et l’assistant de chat de notre site répond à vos questions 24h/24, 7j/7.',
    emailLabel: 'E-mail',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Téléphone',
    supportHours: `Équipe d’assistance (e-mail et WhatsApp) : du lundi au vendredi, ${teamHours}. Téléphone : du lundi au vendredi, ${phoneHours}.`,
    tagline:
      '{brand} – forfaits de données eSIM prépayés pour voyager dans un pays, une région entière ou le monde entier.',
  },
  orderSummary: {
    heading: 'Récapitulatif de la commande',
    orderNumber: 'Numéro de commande',
    orderDate: 'Date de commande',
    item: 'Forfait',
    quantity: 'Qté',
    amount: 'Montant',
    total: 'Total',
    pricesNote: 'Prix en dollars américains, taxes comprises.',
  },
  orderConfirmation: {
    subject: {
      one: 'Votre eSIM est prête – commande {orderNumber}',
      other: 'Vos {count} eSIM sont prêtes – commande {orderNumber}',
    },
    preheader: {
      one: 'Scannez le code QR pour installer votre eSIM avant de partir.',
      other: 'Scannez les codes QR pour installer vos {count} eSIM avant de partir.',
    },
    heading: { one: 'Votre eSIM est prête', other: 'Vos {count} eSIM sont prêtes' },
    intro: {
      one: 'Merci pour votre commande {orderNumber}. Votre eSIM est prête à être installée : vous trouverez ci-dessous son code QR et ses informations d’activation.',
      other:
        'Merci pour votre commande {orderNumber}. Vos {count} eSIM sont prêtes à être installées : vous trouverez ci-dessous leurs codes QR et leurs informations d’activation.',
    },
    esimHeading: 'eSIM {index} sur {total} · {product}',
    scanHint:
      'Scannez le code QR avec le téléphone que vous emportez en voyage (affichez-le sur un autre écran ou imprimez-le), ou ouvrez cet e-mail sur ce téléphone et touchez l’un des boutons d’installation.',
    qrAlt: 'Code QR pour installer l’eSIM {iccid}',
    iccid: 'ICCID',
    smdpAddress: 'Adresse SM-DP+',
    matchingId: 'Identifiant de correspondance (Matching ID)',
    activationCode: 'Code d’activation',
    installIphone: 'Installer sur iPhone',
    installAndroid: 'Installer sur Android',
    iphoneNote:
      'L’installation en un geste nécessite iOS 17.4 ou une version ultérieure. Sur les autres téléphones, scannez le code QR ou saisissez les informations à la main.',
    stepsHeading: 'Comment l’installer',
    steps: [
      'Avant de partir, connectez votre téléphone au Wi-Fi.',
      'Sur iPhone, allez dans Réglages > Données cellulaires > Ajouter une eSIM ; sur Android, dans Paramètres > Réseau et Internet > SIM > Ajouter une eSIM. Scannez le code QR, ou choisissez la saisie manuelle et entrez l’adresse SM-DP+ et le code d’activation.',
      'Nommez la nouvelle ligne « Voyage » et choisissez-la pour les données mobiles. Gardez votre ligne principale pour les appels et les SMS.',
      'À l’arrivée, activez l’itinérance des données pour la ligne Voyage. Votre forfait démarre à sa première connexion sur place.',
    ],
    keepInstalled:
      'Ne supprimez pas l’eSIM après l’avoir installée : la plupart des eSIM ne peuvent pas être réinstallées.',
    portalHeading: 'Votre espace client',
    portalText:
      'Suivez votre consommation de données, consultez vos forfaits et achetez des recharges dans l’espace client. Connectez-vous avec ce jeton d’accès :',
    accessToken: 'Jeton d’accès',
    tokenNote: 'Gardez-le pour vous : toute personne qui le possède peut voir vos eSIM.',
    portalButton: 'Ouvrir l’espace client',
    viewOrder: 'Voir votre commande en ligne',
    refundHeading: 'Politique de remboursement',
    refund:
      'Vous pouvez être intégralement remboursé dans les 30 jours suivant l’achat si votre eSIM n’a pas été activée. Une fois activée, elle n’est plus remboursable.',
    reason: 'Vous recevez cet e-mail parce que vous avez passé la commande {orderNumber} sur {brand}.',
  },
  topupReceipt: {
    subject: 'Votre recharge arrive – commande {orderNumber}',
    preheader: '{product} a été ajouté à votre eSIM et démarrera à la fin de votre forfait actuel.',
    heading: 'Votre recharge arrive',
    intro:
      'Merci pour votre commande de recharge {orderNumber}. Nous avons ajouté {product} à votre eSIM (ICCID {iccid}).',
    detailsHeading: 'Détails de la recharge',
    plan: 'Forfait',
    data: 'Données',
    unlimited: 'Illimitées',
    validity: 'Validité',
    validityDays: { one: '{count} jour', other: '{count} jours' },
    esim: 'Votre eSIM (ICCID)',
    amountPaid: 'Montant payé',
    paymentMethod: 'Moyen de paiement',
    whenHeading: 'Quand démarre-t-elle ?',
    whenText:
      'Votre recharge attend son tour derrière le forfait que vous utilisez : elle démarre d’elle-même dès que celui-ci expire ou que ses données sont épuisées, vous ne perdez donc rien de ce qu’il vous reste. Sa durée de validité court à partir de ce moment-là.',
    noInstall: 'Rien à installer : la recharge fonctionne sur l’eSIM que vous avez déjà, avec les mêmes réglages.',
    portalHeading: 'Suivez votre consommation',
    portalText:
      'L’espace client indique les données qu’il vous reste ainsi que les dates de début et de fin de chaque forfait. Connectez-vous avec le jeton d’accès reçu dans l’e-mail de confirmation de votre commande.',
    portalButton: 'Ouvrir l’espace client',
    reason: 'Vous recevez cet e-mail parce que vous avez acheté une recharge (commande {orderNumber}) sur {brand}.',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe {brand}',
    preheader: 'Utilisez ce lien dans les {minutes} minutes pour choisir un nouveau mot de passe.',
    heading: 'Réinitialisez votre mot de passe',
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de {username}, votre compte {brand}.',
    button: 'Choisir un nouveau mot de passe',
    validity: 'Ce lien est valable {minutes} minutes et ne peut être utilisé qu’une seule fois.',
    linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    sessionsNote:
      'Dès que vous aurez choisi un nouveau mot de passe, tous les appareils connectés à votre compte seront déconnectés.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe n’a pas été modifié.',
    reason:
      'Vous recevez cet e-mail parce qu’une réinitialisation du mot de passe de votre compte {brand} a été demandée.',
  },
  orderStatus: {
    statusLabel: 'Statut de la commande',
    refundAmount: 'Montant remboursé',
    refundTiming:
      'Selon votre banque, un remboursement arrive sur une carte sous 3 à 5 jours ouvrés et sur PayPal sous 1 à 2 jours ouvrés.',
    portalText:
      'Retrouvez à tout moment vos eSIM, votre consommation de données et vos commandes dans l’espace client.',
    portalButton: 'Ouvrir l’espace client',
    reason: 'Vous recevez cet e-mail parce que vous avez passé la commande {orderNumber} chez {brand}.',
    pending: {
      subject: 'Nous avons bien reçu votre commande {orderNumber}',
      preheader: 'Votre commande {orderNumber} attend son paiement.',
      heading: 'Votre commande attend son paiement',
      body: 'Nous avons bien reçu votre commande {orderNumber}, mais son paiement n’est pas encore finalisé. Dès qu’il le sera, nous préparerons votre eSIM et vous l’enverrons par e-mail.',
    },
    created: {
      subject: 'Votre commande {orderNumber} a été créée',
      preheader: 'La commande {orderNumber} est créée et attend son paiement.',
      heading: 'Votre commande a été créée',
      body: 'Votre commande {orderNumber} a été créée et attend son paiement. Nous vous préviendrons dès que le paiement sera confirmé.',
    },
    processing: {
      subject: 'Nous préparons votre commande {orderNumber}',
      preheader: 'Paiement reçu : l’eSIM de la commande {orderNumber} est en préparation.',
      heading: 'Nous préparons votre eSIM',
      body: 'Nous avons reçu le paiement de la commande {orderNumber} et préparons votre eSIM. Son QR code et les instructions d’installation vous parviendront très bientôt par e-mail.',
    },
    processed: {
      subject: 'L’eSIM de la commande {orderNumber} a été émise',
      preheader: 'L’eSIM de la commande {orderNumber} est émise ; ses informations arrivent.',
      heading: 'Votre eSIM a été émise',
      body: 'Notre partenaire réseau a émis l’eSIM de la commande {orderNumber}. L’e-mail contenant son QR code et les informations d’activation est en route.',
    },
    shipped: {
      subject: 'Les informations de l’eSIM de la commande {orderNumber} ont été envoyées',
      preheader: 'Le QR code de la commande {orderNumber} vous attend dans votre boîte de réception.',
      heading: 'Les informations de votre eSIM ont été envoyées',
      body: 'Nous avons envoyé à cette adresse le QR code et les informations d’activation de la commande {orderNumber}. Si vous ne les trouvez pas, vérifiez vos courriers indésirables ou contactez-nous.',
    },
    completed: {
      subject: 'Votre commande {orderNumber} est terminée',
      preheader: 'Tout ce qui concerne la commande {orderNumber} a été livré.',
      heading: 'Votre commande est terminée',
      body: 'La commande {orderNumber} est terminée : votre eSIM a été livrée. Installez-la avant votre départ et suivez votre consommation de données dans l’espace client.',
    },
    cancelled: {
      subject: 'Votre commande {orderNumber} a été annulée',
      preheader: 'La commande {orderNumber} a été annulée.',
      heading: 'Votre commande a été annulée',
      body: 'La commande {orderNumber} a été annulée. Si vous ne vous y attendiez pas ou avez une question, répondez à cet e-mail ou contactez notre service client.',
    },
    refunded: {
      subject: 'Votre commande {orderNumber} a été remboursée',
      preheader: 'Nous avons remboursé {amount} pour la commande {orderNumber}.',
      heading: 'Votre remboursement est en route',
      body: 'Nous avons remboursé {amount} pour la commande {orderNumber} sur le moyen de paiement utilisé. L’eSIM de cette commande a été désactivée et ne se connecte plus.',
    },
  },
  supportMessage: {
    preheader: 'Nouveau message de {name} via le formulaire de contact.',
    heading: 'Nouveau message pour l’assistance',
    intro: '{name} a écrit via le formulaire de contact de la page d’assistance.',
    reference: 'Référence',
    from: 'Expéditeur',
    language: 'Langue',
    received: 'Reçu le',
    subject: 'Objet',
    messageHeading: 'Contenu du message',
    replyHint:
      'Répondez à cet e-mail pour répondre à {name} à l’adresse {email}, en gardant la référence dans l’objet. Une fois la réponse envoyée, marquez le message comme traité dans l’espace d’administration.',
    adminButton: 'Ouvrir dans l’espace d’administration',
    reason: '{brand} envoie cet e-mail pour chaque message du formulaire de contact.',
  },
  supportAcknowledgement: {
    subject: 'Nous avons bien reçu votre message [{reference}]',
    preheader: 'Nous vous répondrons sous 24 heures. Votre référence : {reference}.',
    heading: 'Nous avons bien reçu votre message',
    intro: 'Merci d’avoir contacté {brand}. Nous vous répondrons sous 24 heures.',
    subjectLine: 'Votre objet : « {subject} »',
    referenceLine: 'Votre référence : {reference}',
    referenceHint: 'Merci de rappeler cette référence si vous nous écrivez à nouveau à ce sujet.',
    hours: `Notre équipe d’assistance est disponible du lundi au vendredi, ${teamHours}. Pour une réponse rapide à toute heure, interrogez l’assistant de chat de notre site.`,
    notYou: 'Si vous n’avez pas envoyé ce message, vous pouvez ignorer cet e-mail.',
    reason: 'Vous recevez cet e-mail car cette adresse a été saisie dans le formulaire de contact de {brand}.',
  },
};
