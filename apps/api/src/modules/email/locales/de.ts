import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';
import type { EmailStrings } from './types.ts';

/** The support hours' one source (`@esim/contract/support-hours`). */
const { teamHours, phoneHours } = SUPPORT_HOURS_TEXT;

/** German e-mail texts ("Sie", as in the storefront). */
export const de: EmailStrings = {
  common: {
    greeting: 'Hallo {name},',
    supportHeading: 'Brauchen Sie Hilfe?',
    supportIntro:
      'Wir beantworten E-Mails innerhalb von 24 Stunden, und der Chat-Assistent auf unserer Website beantwortet Ihre Fragen rund um die Uhr.',
    emailLabel: 'E-Mail',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Telefon',
    supportHours: `Support-Team (E-Mail und WhatsApp): Montag bis Freitag, ${teamHours}. Telefon: Montag bis Freitag, ${phoneHours}.`,
    tagline: '{brand} – Prepaid-eSIM-Datentarife für Reisen in ein Land, eine ganze Region oder die ganze Welt.',
  },
  orderSummary: {
    heading: 'Bestellübersicht',
    orderNumber: 'Bestellnummer',
    orderDate: 'Bestelldatum',
    item: 'Tarif',
    quantity: 'Anz.',
    amount: 'Betrag',
    total: 'Gesamt',
    pricesNote: 'Preise in US-Dollar inklusive Steuern.',
  },
  orderConfirmation: {
    subject: {
      one: 'Ihre eSIM ist bereit – Bestellung {orderNumber}',
      other: 'Ihre {count} eSIMs sind bereit – Bestellung {orderNumber}',
    },
    preheader: {
      one: 'Scannen Sie den QR-Code und installieren Sie Ihre eSIM vor der Reise.',
      other: 'Scannen Sie die QR-Codes und installieren Sie Ihre {count} eSIMs vor der Reise.',
    },
    heading: { one: 'Ihre eSIM ist bereit', other: 'Ihre {count} eSIMs sind bereit' },
    intro: {
      one: 'Vielen Dank für Ihre Bestellung {orderNumber}. Ihre eSIM kann jetzt installiert werden: QR-Code und Aktivierungsdaten finden Sie unten.',
      other:
        'Vielen Dank für Ihre Bestellung {orderNumber}. Ihre {count} eSIMs können jetzt installiert werden: QR-Codes und Aktivierungsdaten finden Sie unten.',
    },
    esimHeading: 'eSIM {index} von {total} · {product}',
    scanHint:
      'Scannen Sie den QR-Code mit dem Smartphone, das Sie auf die Reise mitnehmen (auf einem anderen Bildschirm anzeigen oder ausdrucken), oder öffnen Sie diese E-Mail auf diesem Smartphone und tippen Sie auf eine der Installationsschaltflächen.',
    qrAlt: 'QR-Code zur Installation der eSIM {iccid}',
    iccid: 'ICCID',
    smdpAddress: 'SM-DP+-Adresse',
    matchingId: 'Matching-ID',
    activationCode: 'Aktivierungscode',
    installIphone: 'Auf dem iPhone installieren',
    installAndroid: 'Auf Android installieren',
    iphoneNote:
      'Die Installation per Fingertipp erfordert iOS 17.4 oder neuer. Auf anderen Smartphones scannen Sie den QR-Code oder geben die Daten von Hand ein.',
    stepsHeading: 'So installieren Sie die eSIM',
    steps: [
      'Verbinden Sie Ihr Smartphone vor der Reise mit einem WLAN.',
      'Auf dem iPhone öffnen Sie Einstellungen > Mobilfunk > eSIM hinzufügen, auf Android Einstellungen > Netzwerk & Internet > SIMs > eSIM hinzufügen. Scannen Sie den QR-Code oder wählen Sie die manuelle Eingabe und tippen Sie SM-DP+-Adresse und Aktivierungscode ein.',
      'Geben Sie der neuen Leitung die Bezeichnung „Reise“ und wählen Sie sie für mobile Daten. Für Anrufe und SMS nutzen Sie weiter Ihre Hauptnummer.',
      'Schalten Sie nach der Landung Datenroaming für die Leitung „Reise“ ein. Ihr Tarif beginnt mit der ersten Verbindung am Reiseziel.',
    ],
    keepInstalled:
      'Löschen Sie die eSIM nach der Installation nicht: Die meisten eSIMs lassen sich kein zweites Mal installieren.',
    portalHeading: 'Ihr Kundenportal',
    portalText:
      'Im Kundenportal prüfen Sie Ihren Datenverbrauch, sehen Ihre Tarife und kaufen Aufladungen. Melden Sie sich mit diesem Zugriffstoken an:',
    accessToken: 'Zugriffstoken',
    tokenNote: 'Geben Sie es nicht weiter: Wer es kennt, kann Ihre eSIMs sehen.',
    portalButton: 'Kundenportal öffnen',
    viewOrder: 'Bestellung online ansehen',
    refundHeading: 'Erstattungsrichtlinie',
    refund:
      'Wenn Ihre eSIM noch nicht aktiviert wurde, erhalten Sie innerhalb von 30 Tagen nach dem Kauf den vollen Betrag zurück. Nach der Aktivierung ist keine Erstattung mehr möglich.',
    reason: 'Sie erhalten diese E-Mail, weil Sie bei {brand} die Bestellung {orderNumber} aufgegeben haben.',
  },
  topupReceipt: {
    subject: 'Ihre Aufladung ist unterwegs – Bestellung {orderNumber}',
    preheader: '{product} wurde Ihrer eSIM hinzugefügt und startet, sobald Ihr aktueller Tarif endet.',
    heading: 'Ihre Aufladung ist unterwegs',
    intro:
      'Vielen Dank für Ihre Aufladung (Bestellung {orderNumber}). Wir haben {product} Ihrer eSIM mit der ICCID {iccid} hinzugefügt.',
    detailsHeading: 'Details der Aufladung',
    plan: 'Tarif',
    data: 'Datenvolumen',
    unlimited: 'Unbegrenzt',
    validity: 'Gültigkeit',
    validityDays: { one: '{count} Tag', other: '{count} Tage' },
    esim: 'Ihre eSIM (ICCID)',
    amountPaid: 'Bezahlter Betrag',
    paymentMethod: 'Bezahlt mit',
    whenHeading: 'Wann geht es los?',
    whenText:
      'Ihre Aufladung reiht sich hinter den Tarif ein, den Sie gerade nutzen, und startet automatisch, sobald dieser abläuft oder sein Datenvolumen verbraucht ist – so geht von Ihrem Restguthaben nichts verloren. Die Gültigkeit zählt erst ab diesem Zeitpunkt.',
    noInstall:
      'Sie müssen nichts installieren: Die Aufladung gilt für Ihre vorhandene eSIM, mit denselben Einstellungen.',
    portalHeading: 'Behalten Sie Ihr Datenvolumen im Blick',
    portalText:
      'Im Kundenportal sehen Sie, wie viel Datenvolumen Ihnen bleibt und wann jeder Tarif beginnt und endet. Melden Sie sich mit dem Zugriffstoken aus Ihrer Bestellbestätigung an.',
    portalButton: 'Kundenportal öffnen',
    reason: 'Sie erhalten diese E-Mail, weil Sie bei {brand} eine Aufladung gekauft haben (Bestellung {orderNumber}).',
  },
  passwordReset: {
    subject: 'Setzen Sie Ihr {brand}-Passwort zurück',
    preheader: 'Nutzen Sie diesen Link innerhalb von {minutes} Minuten, um ein neues Passwort festzulegen.',
    heading: 'Passwort zurücksetzen',
    intro: 'Wir haben eine Anfrage erhalten, das Passwort Ihres {brand}-Kontos {username} zurückzusetzen.',
    button: 'Neues Passwort festlegen',
    validity: 'Dieser Link ist {minutes} Minuten lang gültig und kann nur einmal verwendet werden.',
    linkHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    sessionsNote:
      'Sobald Sie ein neues Passwort festlegen, werden alle Geräte abgemeldet, die bei Ihrem Konto angemeldet sind.',
    ignore:
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort wurde nicht geändert.',
    reason:
      'Sie erhalten diese E-Mail, weil für Ihr Konto bei {brand} das Zurücksetzen des Passworts angefordert wurde.',
  },
  orderStatus: {
    statusLabel: 'Bestellstatus',
    refundAmount: 'Erstatteter Betrag',
    refundTiming:
      'Je nach Bank erreichen Erstattungen Kartenkonten innerhalb von 3–5 Werktagen und PayPal-Konten innerhalb von 1–2 Werktagen.',
    portalText: 'Ihre eSIMs, Ihren Datenverbrauch und Ihre Bestellungen sehen Sie jederzeit im Kundenportal.',
    portalButton: 'Kundenportal öffnen',
    reason: 'Sie erhalten diese E-Mail, weil Sie bei {brand} die Bestellung {orderNumber} aufgegeben haben.',
    pending: {
      subject: 'Wir haben Ihre Bestellung {orderNumber} erhalten',
      preheader: 'Ihre Bestellung {orderNumber} wartet auf die Zahlung.',
      heading: 'Ihre Bestellung wartet auf die Zahlung',
      body: 'Wir haben Ihre Bestellung {orderNumber} erhalten, ihre Zahlung ist aber noch nicht abgeschlossen. Sobald sie eingeht, bereiten wir Ihre eSIM vor und senden sie Ihnen per E-Mail.',
    },
    created: {
      subject: 'Ihre Bestellung {orderNumber} wurde angelegt',
      preheader: 'Die Bestellung {orderNumber} ist angelegt und wartet auf die Zahlung.',
      heading: 'Ihre Bestellung wurde angelegt',
      body: 'Ihre Bestellung {orderNumber} wurde angelegt und wartet auf die Zahlung. Wir melden uns, sobald die Zahlung bestätigt ist.',
    },
    processing: {
      subject: 'Wir bereiten Ihre Bestellung {orderNumber} vor',
      preheader: 'Zahlung erhalten: Die eSIM der Bestellung {orderNumber} wird vorbereitet.',
      heading: 'Wir bereiten Ihre eSIM vor',
      body: 'Wir haben die Zahlung für die Bestellung {orderNumber} erhalten und bereiten Ihre eSIM vor. Ihr QR-Code und die Installationsanleitung folgen in Kürze per E-Mail.',
    },
    processed: {
      subject: 'Die eSIM der Bestellung {orderNumber} wurde ausgestellt',
      preheader: 'Die eSIM der Bestellung {orderNumber} ist ausgestellt; die Daten sind unterwegs.',
      heading: 'Ihre eSIM wurde ausgestellt',
      body: 'Unser Netzpartner hat die eSIM der Bestellung {orderNumber} ausgestellt. Die E-Mail mit dem QR-Code und den Aktivierungsdaten ist unterwegs.',
    },
    shipped: {
      subject: 'Die eSIM-Daten der Bestellung {orderNumber} wurden versandt',
      preheader: 'Den QR-Code der Bestellung {orderNumber} finden Sie in Ihrem Posteingang.',
      heading: 'Ihre eSIM-Daten wurden versandt',
      body: 'Wir haben den QR-Code und die Aktivierungsdaten der Bestellung {orderNumber} an diese Adresse gesendet. Falls Sie sie nicht finden, sehen Sie im Spam-Ordner nach oder kontaktieren Sie uns.',
    },
    completed: {
      subject: 'Ihre Bestellung {orderNumber} ist abgeschlossen',
      preheader: 'Alles zur Bestellung {orderNumber} wurde geliefert.',
      heading: 'Ihre Bestellung ist abgeschlossen',
      body: 'Die Bestellung {orderNumber} ist abgeschlossen: Ihre eSIM wurde geliefert. Installieren Sie sie vor der Reise und behalten Sie Ihren Datenverbrauch im Kundenportal im Blick.',
    },
    cancelled: {
      subject: 'Ihre Bestellung {orderNumber} wurde storniert',
      preheader: 'Die Bestellung {orderNumber} wurde storniert.',
      heading: 'Ihre Bestellung wurde storniert',
      body: 'Die Bestellung {orderNumber} wurde storniert. Wenn Sie das nicht erwartet haben oder Fragen haben, antworten Sie auf diese E-Mail oder wenden Sie sich an unseren Support.',
    },
    refunded: {
      subject: 'Ihre Bestellung {orderNumber} wurde erstattet',
      preheader: 'Wir haben {amount} für die Bestellung {orderNumber} erstattet.',
      heading: 'Ihre Erstattung ist unterwegs',
      body: 'Wir haben {amount} für die Bestellung {orderNumber} auf Ihr verwendetes Zahlungsmittel erstattet. Die eSIM dieser Bestellung wurde deaktiviert und verbindet sich nicht mehr.',
    },
  },
  supportMessage: {
    preheader: 'Neue Nachricht von {name} über das Kontaktformular.',
    heading: 'Neue Support-Nachricht',
    intro: '{name} hat über das Kontaktformular der Support-Seite geschrieben.',
    reference: 'Referenz',
    from: 'Von',
    language: 'Sprache',
    received: 'Eingegangen',
    subject: 'Betreff',
    messageHeading: 'Nachricht',
    replyHint:
      'Antworten Sie auf diese E-Mail, um {name} unter {email} zu antworten, und lassen Sie die Referenz im Betreff stehen. Markieren Sie die Nachricht danach im Admin-Bereich als beantwortet.',
    adminButton: 'Im Admin-Bereich öffnen',
    reason: '{brand} sendet diese E-Mail für jede Nachricht des Kontaktformulars.',
  },
  supportAcknowledgement: {
    subject: 'Wir haben Ihre Nachricht erhalten [{reference}]',
    preheader: 'Wir melden uns innerhalb von 24 Stunden bei Ihnen. Ihre Referenz: {reference}.',
    heading: 'Wir haben Ihre Nachricht erhalten',
    intro: 'Vielen Dank, dass Sie {brand} kontaktiert haben. Wir melden uns innerhalb von 24 Stunden bei Ihnen.',
    subjectLine: 'Ihr Betreff: „{subject}“',
    referenceLine: 'Ihre Referenz: {reference}',
    referenceHint: 'Bitte geben Sie diese Referenz an, wenn Sie uns zu demselben Anliegen erneut schreiben.',
    hours: `Unser Support-Team ist Montag bis Freitag, ${teamHours}, für Sie da. Schnelle Antworten zu jeder Uhrzeit gibt Ihnen der Chat-Assistent auf unserer Website.`,
    notYou: 'Wenn Sie diese Nachricht nicht gesendet haben, können Sie diese E-Mail ignorieren.',
    reason: 'Sie erhalten diese E-Mail, weil diese Adresse im Kontaktformular von {brand} angegeben wurde.',
  },
};
