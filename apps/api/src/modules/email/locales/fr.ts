import type { EmailStrings } from './types.ts';

/** French e-mail texts ("vous", as in the storefront). */
export const fr: EmailStrings = {
  common: {
    greeting: 'Bonjour {name},',
    supportHeading: 'Besoin d’aide ?',
    supportIntro: 'Nous répondons aux e-mails sous 24 heures et aux urgences techniques 24h/24, 7j/7.',
    emailLabel: 'E-mail',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Téléphone',
    supportHours:
      'Chat en direct et WhatsApp : du lundi au vendredi, de 09:00 à 18:00 GMT. Téléphone : du lundi au vendredi, de 09:00 à 17:00 GMT.',
    tagline: '{brand} – forfaits de données eSIM prépayés pour voyager dans plus de 200 pays.',
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
    summaryHeading: 'Récapitulatif de la commande',
    orderNumber: 'Numéro de commande',
    orderDate: 'Date de commande',
    item: 'Forfait',
    quantity: 'Qté',
    amount: 'Montant',
    total: 'Total',
    pricesNote: 'Prix en dollars américains, taxes comprises.',
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
    orderNumber: 'Numéro de commande',
    orderDate: 'Date de commande',
    amountPaid: 'Montant payé',
    paymentMethod: 'Moyen de paiement',
    pricesNote: 'Prix en dollars américains, taxes comprises.',
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
    sessionsNote: 'Dès que vous aurez choisi un nouveau mot de passe, tous les appareils connectés à votre compte seront déconnectés.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe n’a pas été modifié.',
    reason: 'Vous recevez cet e-mail parce qu’une réinitialisation du mot de passe de votre compte {brand} a été demandée.',
  },
};
