import type { Language } from '@esim/contract/languages';
import { fold, normalisePhrases } from './fold.ts';

/**
 * The multilingual concept lexicon: the words travellers and
 * articles use for one topic, per language, mapped to one concept. Documents and questions both
 * get a concept token (`~refund`) where one of its words occurs, so "remboursement",
 * "Rückerstattung", "iade" and "money back" meet in the index, whatever the article's language
 * and whatever synonym it uses. Patterns are folded ({@link fold}) and phrase-normalised
 * (`esim`, `topup`, `hotspot`, `email`); a pattern is one or more words, each either exact or,
 * ending in `*`, a prefix. `all` patterns apply in every language (brand names, units).
 */

/** A concept's patterns per language (and `all` for every language). */
export type ConceptPatterns = Partial<Record<Language | 'all', readonly string[]>>;

const w = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Concept id -> patterns. Keep ids short: they become index terms (`~id`). */
export const CONCEPTS: Readonly<Record<string, ConceptPatterns>> = {
  refund: {
    en: w('refund*, money back, reimburs*, repay*, chargeback'),
    tr: w('iade*, geri odeme*, para iade*, paramı geri, param geri, ucret iade*'),
    es: w('reembols*, devoluc*, devolver* dinero, devuelv* dinero, reintegr*'),
    fr: w('rembours*, rembourse*'),
    de: w('ruckerstatt*, erstatt*, geld zuruck, zuruckerstatt*, ruckzahl*, zuruckzahl*'),
  },
  cancel: {
    en: w('cancel*, withdraw*'),
    tr: w('iptal*, vazgec*'),
    es: w('cancel*, anul*'),
    fr: w('annul*, retract*'),
    de: w('storn*, widerruf*, kundig*, abbestell*'),
  },
  install: {
    en: w('install*, set up, setup, setting up, add esim, add the esim, scan*'),
    tr: w(
      'kur, kurulum*, kurul*, kurmak, kurar*, kuram*, kurdu*, kurabil*, kurun*, kurma*, kurarken, yukle*, yuklem*, tara*',
    ),
    es: w('instal*, configur*, escane*, añad*, anad*, agreg*'),
    fr: w('install*, configur*, scann*, ajout*'),
    de: w('installier*, installation*, einricht*, scann*, hinzufug*'),
  },
  iphone: { all: w('iphone*, ios, apple, ipad*') },
  android: { all: w('android*, samsung, galaxy, pixel*, google pixel, xiaomi, huawei, motorola, oneplus, oppo') },
  activate: {
    en: w('activat*, active, start*, begin*, begins, kick in, first use*, first connect*'),
    tr: w('aktif*, aktiv*, etkinles*, basla*, baslar*, ilk kullan*, ilk baglan*'),
    es: w('activ*, empiez*, empez*, comienz*, comenz*, inici*, primer uso'),
    fr: w('activ*, commenc*, demarr*, debut*, premiere utilisation'),
    de: w('aktivier*, beginn*, start*, anfang*, erste nutzung, erstmals'),
  },
  validity: {
    en: w('validity, valid*, expir*, duration, how long, days, last*'),
    tr: w('gecerli*, sure*, kac gun, gun*'),
    es: w('validez, valid*, caduc*, venc*, duracion, cuanto dura, dias, dura'),
    fr: w('validit*, valable*, expir*, duree*, combien de temps, jours'),
    de: w('gultig*, laufzeit*, ablauf*, lauft ab, verfall*, dauer*, tage*, wie lange'),
  },
  runout: {
    en: w(
      'run out, runs out, running out, ran out, used up, use up, all my data, no data left, out of data, finished, ends, end',
    ),
    tr: w('biter*, bitt*, bitme*, bitin*, bitis*, tuken*, tukendi*, sona er*, dolar*, doldu*'),
    es: w('agot*, se acab*, acab*, termin*, se me acab*'),
    fr: w('epuis*, plus de donnees, fini*, termin*, expir*'),
    de: w('aufgebraucht*, verbraucht*, leer, zu ende, endet, abgelaufen*, ausgeschopft*'),
  },
  rollover: {
    en: w('roll over, rollover, carry over, unused data, leftover*, remaining data'),
    tr: w('devr*, kullanilmayan*, kalan veri*'),
    es: w('acumul*, transfer* datos, datos no usados, datos sobrantes, no utilizados'),
    fr: w('report*, donnees non utilisees, non utilise*, restant*'),
    de: w('ubertrag*, ungenutzt*, nicht genutzt*, restdaten, restvolumen'),
  },
  topup: {
    en: w('topup*, recharge*, refill*, add data, more data, extra data, add-on*, addon*, buy more, extend*'),
    tr: w('ek paket*, ek veri*, ek data, bakiye*, kontor*, paket ekle*, veri ekle*, uzat*'),
    es: w('recarg*, mas datos, datos adicionales, datos extra, ampliar*, añadir datos, anadir datos, extender*'),
    fr: w('recharg*, plus de donnees, donnees supplementaires, donnees en plus, prolong*, ajouter des donnees'),
    de: w('auflad*, aufstock*, nachbuch*, nachkauf*, zusatz*, mehr daten, verlanger*, datenpaket hinzu*'),
  },
  hotspot: {
    en: w(
      'hotspot*, tether*, share data, share internet, share my data, share the connection, share my connection, personal hotspot, laptop*',
    ),
    tr: w('hotspot*, paylas*, internet paylas*, modem*, erisim noktasi, laptop*, bilgisayar*'),
    es: w(
      'hotspot*, compartir datos, compartir internet, compartir la conexion, compartir conexion, punto de acceso, anclaje*, tethering, portatil*',
    ),
    fr: w(
      'hotspot*, partage de connexion, partager la connexion, partager ma connexion, partager internet, point d acces, modem*, ordinateur portable',
    ),
    de: w('hotspot*, tethering, internet teilen, verbindung teilen, daten teilen, mobiler hotspot, laptop*'),
  },
  unlimited: {
    en: w('unlimited*, no limit*, limitless'),
    tr: w('sinirsiz*, limitsiz*'),
    es: w('ilimitad*, sin limite*'),
    fr: w('illimit*, sans limite*'),
    de: w('unbegrenzt*, unlimitiert*, unlimited, flatrate*, ohne limit*'),
  },
  speed: {
    en: w('speed*, slow*, throttl*, fast*, reduced*, full speed, high speed'),
    tr: w('hiz*, yavas*, hizli*, dusuk hiz*, tam hiz*, kisitla*'),
    es: w('velocidad*, lent*, rapid*, reducid*, limitad*'),
    fr: w('vitesse*, debit*, lent*, ralenti*, rapide*, bride*, reduit*'),
    de: w('geschwindigkeit*, langsam*, drossel*, gedrossel*, schnell*, tempo*, highspeed*'),
    all: w('kbps, mbps, 512kbps, 2mbps'),
  },
  fairuse: {
    en: w('fair use, fair usage, fair-use, acceptable use'),
    tr: w('adil kullanim*, makul kullanim*'),
    es: w('uso justo, uso razonable, politica de uso'),
    fr: w('usage raisonnable, utilisation equitable, usage equitable'),
    de: w('fair use, faire nutzung, fair-use'),
  },
  plantype: {
    en: w(
      'local plan*, regional*, global*, plan type*, types of plan*, kinds of plan*, fixed data, fixed plan*, prepaid*, several countries, multiple countries, more than one country',
    ),
    tr: w('yerel paket*, bolgesel*, kuresel*, paket tur*, paket cesit*, sabit veri*, birden fazla ulke*, birkac ulke*'),
    es: w('plan local, planes locales, regional*, global*, tipos de plan*, datos fijos, varios paises, mas de un pais'),
    fr: w(
      'forfait local, forfaits locaux, regional*, global*, mondial*, types de forfait*, donnees fixes, plusieurs pays',
    ),
    de: w(
      'lokal* tarif*, regional*, global*, weltweit*, tarifart*, tariftyp*, festes datenvolumen, mehrere lander, mehreren landern, mehreren laendern, mehrere laender',
    ),
  },
  compatible: {
    en: w('compatib*, esim capable, esim-capable, support esim, supports esim, work with my, works with my'),
    tr: w('uyumlu*, uyum*, destekl*, destekli*'),
    es: w('compatib*, admite*, soporta*'),
    fr: w('compatib*, prend en charge, supporte*'),
    de: w('kompatib*, unterstutz*, esim-fahig*, esimfahig*, fahig*, geeignet*'),
  },
  device: {
    en: w('phone*, device*, smartphone*, handset*, tablet*, cellphone*, model*'),
    tr: w('telefon*, cihaz*, akilli telefon*, tablet*, model*'),
    es: w('telefono*, movil, celular*, dispositivo*, tablet*, modelo*'),
    fr: w('telephone*, portable, smartphone*, appareil*, tablette*, modele*'),
    de: w('handy*, telefon*, smartphone*, gerat*, tablet*, modell*'),
  },
  lock: {
    en: w(
      'carrier lock*, carrier-lock*, locked, unlock*, sim lock*, simlock*, network lock*, sim restriction*, carrier-unlocked, unlocked',
    ),
    tr: w('kilit*, kilitli*, operator kilid*, sim kilid*, acik*'),
    es: w('bloque*, liberad*, liberar*, desbloque*'),
    fr: w('verrouill*, deverrouill*, simlock*, desimlock*, bloque*, debloqu*'),
    de: w('gesperrt*, entsperr*, sim-lock*, simlock*, netlock*, sperre*, sim sperre*'),
  },
  qr: {
    all: w('qr, qrcode*, smdp, activation code*, matching id'),
    tr: w('karekod*, etkinlestirme kodu, aktivasyon kodu'),
    es: w('codigo de activacion'),
    fr: w("code d activation, code d'activation"),
    de: w('aktivierungscode*'),
  },
  email: {
    en: w(
      'email*, mail*, inbox*, spam*, junk*, receive*, received, deliver*, arrive*, sent, never got, didnt get, did not get, not received, havent received, no email',
    ),
    tr: w('email*, mail*, eposta*, posta*, spam*, gelmedi*, gelen kutusu*, teslim*, ulasmadi*, almadim*'),
    es: w('email*, correo*, spam*, recib*, entreg*, llego*, no me llego'),
    fr: w('email*, mail*, courriel*, spam*, recu*, recevoir, reception*, livr*, envoy*'),
    de: w(
      'email*, mail*, spam*, postfach*, erhalt*, bekomm*, zugestellt*, geliefert*, lieferung*, angekommen*, keine mail, keine email',
    ),
  },
  notreceived: {
    en: w(
      'never got, never received, didnt get, didn t get, did not get, not received, havent received, haven t received, didnt receive, didn t receive, did not receive, no email, not arrived, hasnt arrived, hasn t arrived, havent got, haven t got, missing email, where is my qr',
    ),
    tr: w('gelmedi*, gelmiyor*, almadim, alamadim, ulasmadi*, ulasmiyor*, mail yok, e posta yok, eposta yok'),
    es: w(
      'no me ha llegado, no me llego, no llego, no ha llegado, no recibi, no he recibido, no me llega, no llega, no encuentro el correo',
    ),
    fr: w('pas recu, pas reçu, jamais recu, n ai pas recu, pas arrive, pas arrivé, rien recu, toujours pas recu'),
    de: w(
      'nicht bekommen, nicht erhalten, keine mail, keine email, nicht angekommen, nie bekommen, nicht gekommen, nichts bekommen, nichts erhalten, keine e mail',
    ),
  },
  roaming: {
    en: w('roaming*, data roaming'),
    tr: w('dolasim*, roaming*'),
    es: w('roaming*, itinerancia*, datos en itinerancia'),
    fr: w('roaming*, itinerance*'),
    de: w('roaming*, datenroaming*'),
  },
  trouble: {
    en: w('problem*, issue*, trouble*, troubleshoot*, fix, fixing'),
    tr: w('sorun*, problem*, ariza*'),
    es: w('problema*, falla*, averia*'),
    fr: w('probleme*, panne*, souci*'),
    de: w('problem*, storung*, fehlerbehebung*'),
  },
  notworking: {
    en: w(
      "not working, doesn't work, doesnt work, does not work, didn't work, didnt work, did not work, stopped working, won't work, wont work, isn't working, isnt working, is not working",
    ),
    tr: w('calismiyor*, calismadi*, calismaz, islemiyor*'),
    es: w('no funciona*, no me funciona*, no va, dejo de funcionar, no sirve'),
    fr: w('ne fonctionne pas, ne marche pas, marche pas, fonctionne pas, ne marche plus, ne fonctionne plus'),
    de: w('funktioniert nicht, funktioniert nicht mehr, geht nicht, klappt nicht, tut nicht'),
  },
  noconnection: {
    en: w(
      "no internet, no connection, no signal, no service, no data, no network, cant connect, can't connect, cannot connect, not connecting, won't connect, wont connect, doesn't connect, offline",
    ),
    tr: w(
      'baglanmiyor*, baglanamiyor*, baglanti yok, internet yok, internet gitmiyor, veri yok, sinyal yok, sebeke yok, cekmiyor*, internete giremiyor*',
    ),
    es: w(
      'sin conexion, sin internet, sin señal, sin senal, sin datos, no tengo internet, no tengo datos, no hay internet, no hay señal, no se conecta*, no conecta*',
    ),
    fr: w(
      'pas d internet, plus d internet, pas de connexion, pas de reseau, pas de signal, pas de donnees, ne se connecte pas, aucune connexion',
    ),
    de: w(
      'kein internet, keine verbindung, kein netz, kein empfang, keine daten, verbindet sich nicht, kein signal, offline',
    ),
  },
  error: {
    en: w('error*, fail*, unable, cannot be added, could not be added, invalid, already used'),
    tr: w('hata*, basarisiz*, eklenemiyor*, eklenemedi*, gecersiz*, zaten kullanil*'),
    es: w('error*, fallo*, fallid*, no se puede anadir, no se pudo, invalid*, ya usado'),
    fr: w('erreur*, echec*, echou*, impossible d ajouter, invalide*, deja utilise*'),
    de: w('fehler*, fehlgeschlagen*, ungultig*, nicht hinzugefugt, bereits verwendet'),
  },
  remove: {
    en: w('delet*, remov*, reinstall*, erase*, uninstall*'),
    tr: w('sil*, silin*, kaldir*, yeniden kur*, yeniden yukle*, tekrar kur*'),
    es: w('borr*, elimin*, reinstal*, desinstal*, volver a instalar'),
    fr: w('supprim*, effac*, reinstall*, desinstall*'),
    de: w('losch*, geloscht*, entfern*, neu install*, neuinstall*, erneut install*, deinstall*'),
  },
  transfer: {
    en: w(
      'transfer*, same esim, the same esim, both devices, another phone, another device, new phone, switch phone*, change phone*, two phones, two devices, second device, other phone, multiple devices, move my esim, move the esim, share my esim, share the esim, share esim',
    ),
    tr: w(
      'aktar*, tasi*, ayni esim*, baska telefon*, baska cihaz*, yeni telefon*, iki telefon*, iki cihaz*, ikinci cihaz*, farkli telefon*',
    ),
    es: w(
      'transferir*, transfier*, traspas*, misma esim, otro telefono*, otro movil*, otro dispositivo*, nuevo telefono*, nuevo movil*, dos telefonos, dos dispositivos, cambiar de telefono, compartir la esim, compartir mi esim',
    ),
    fr: w(
      'transfer*, meme esim, autre telephone*, autre appareil*, nouveau telephone*, deux telephones, deux appareils, changer de telephone, partager mon esim, partager l esim',
    ),
    de: w(
      'ubertrag*, dieselbe esim, gleiche esim, selbe esim, anderes handy, anderes gerat, neues handy, neues telefon, zwei handys, zwei gerate, handywechsel, gerat wechseln, handy wechseln, esim teilen',
    ),
  },
  calls: {
    en: w(
      'call*, sms, text message*, texts, phone number, my number, a number, whatsapp, imessage, facetime, voice*, data only, data-only',
    ),
    tr: w('arama*, arayabil*, numara*, telefon numara*, mesaj*, sms, whatsapp, sesli*, sadece veri, yalnizca veri'),
    es: w('llamad*, llamar*, numero*, mensaje*, sms, whatsapp, voz, solo datos'),
    fr: w('appel*, appeler, numero*, texto*, sms, whatsapp, voix, donnees uniquement, uniquement des donnees'),
    de: w('anruf*, anrufen, telefonier*, nummer*, rufnummer*, sms, whatsapp, sprach*, nur daten, reine daten*'),
  },
  usage: {
    en: w(
      'usage, how much data, data left, remaining, check my data, check data, data used, consumption, monitor*, track*',
    ),
    tr: w('kullanim*, kalan*, ne kadar veri, veri kontrol*, tuketim*, harca*'),
    es: w('consumo*, datos restantes, cuantos datos, me quedan, queda*, uso de datos, comprobar datos, ver datos'),
    fr: w(
      'consommation*, donnees restantes, combien de donnees, reste*, suivre*, verifier mes donnees, utilisation des donnees',
    ),
    de: w(
      'verbrauch*, datenverbrauch*, restvolumen*, ubrig*, wie viel daten, nutzung*, kontrollier*, prufen, uberprufen',
    ),
  },
  price: {
    en: w('price*, pricing, cost*, how much, pay*, cheap*, expensive, fee*, charge*'),
    tr: w('fiyat*, ucret*, kac para, ne kadar, ode*, ucuz*, pahali*, tutar*'),
    es: w('precio*, cuest*, cuanto cuesta, coste*, costo*, pag*, barat*, caro*, tarifa*, cargo*'),
    fr: w('prix, cout*, combien, pay*, paie*, moins cher, cher*, frais, tarif*'),
    de: w('preis*, kost*, zahl*, bezahl*, billig*, gunstig*, teuer*, gebuhr*'),
  },
  payment: {
    en: w(
      'payment*, pay with, pay by, card*, credit card*, debit card*, paypal, apple pay, google pay, visa, mastercard, american express, amex, invoice*, receipt*',
    ),
    tr: w('odeme*, kart*, kredi kart*, banka kart*, paypal, apple pay, google pay, visa, mastercard, fatura*, makbuz*'),
    es: w('pago*, tarjeta*, paypal, apple pay, google pay, visa, mastercard, factura*, recibo*'),
    fr: w(
      'paiement*, carte*, carte bancaire, paypal, apple pay, google pay, visa, mastercard, facture*, recu de paiement',
    ),
    de: w(
      'zahlung*, bezahl*, karte*, kreditkarte*, paypal, apple pay, google pay, visa, mastercard, rechnung*, quittung*, beleg*',
    ),
  },
  tax: {
    en: w('usd, dollar*, tax*, vat, hidden fee*, hidden cost*, currency'),
    tr: w('usd, dolar*, vergi*, kdv, gizli ucret*, para birim*, doviz*'),
    es: w('usd, dolar*, impuesto*, iva, cargos ocultos, costes ocultos, moneda*, divisa*'),
    fr: w('usd, dollar*, taxe*, tva, frais caches, devise*, monnaie*'),
    de: w('usd, dollar*, steuer*, mwst, mehrwertsteuer*, versteckte kosten, wahrung*'),
  },
  support: {
    en: w(
      'contact*, customer service, customer support, support team, help desk, helpdesk, speak to, talk to, human, agent, live chat, opening hours, support hours, business hours, working hours',
    ),
    tr: w('iletisim*, musteri hizmet*, destek ekib*, destek hatt*, canli destek*, temsilci*, ulas*, yardim*, destek'),
    es: w('contact*, atencion al cliente, servicio al cliente, soporte*, ayuda*, agente*, chat en vivo, horario*'),
    fr: w('contact*, service client*, assistance*, support*, aide*, conseiller*, chat en direct, horaire*, joindre'),
    de: w(
      'kontakt*, kundenservice*, kundendienst*, support*, hilfe*, erreich*, mitarbeiter*, live-chat, livechat, offnungszeit*, servicezeit*',
    ),
  },
  order: {
    en: w('order*, purchase*, bought, wrong country, wrong plan, wrong email, wrong address, mistake*, typo*'),
    tr: w('siparis*, satin al*, aldim, yanlis*, hatali*'),
    es: w('pedido*, compra*, compre, equivoc*, incorrect*, pais equivocado, plan equivocado'),
    fr: w('command*, achat*, achete*, tromp*, mauvais*, erreur de'),
    de: w('bestell*, gekauft*, kauf*, falsch*, versehentlich*, vertippt*'),
  },
  portal: {
    en: w('portal*, account*, access token*, sign in, log in, login*, dashboard'),
    tr: w('portal*, hesab*, hesap*, erisim kodu, giris*, oturum*'),
    es: w('portal*, cuenta*, token de acceso, iniciar sesion, acceso*'),
    fr: w('portail*, compte*, jeton d acces, se connecter, identifi*, espace client'),
    de: w('portal*, konto*, kundenkonto*, zugangs*, anmeld*, einlogg*, login*, kundenportal*'),
  },
  privacy: {
    en: w(
      'privacy, personal data, gdpr, delete my account, delete account, data protection, my data stored, stored data',
    ),
    tr: w('gizlilik*, kisisel veri*, kvkk, hesabimi sil*, hesap silme'),
    es: w('privacidad*, datos personales, rgpd, eliminar mi cuenta, borrar mi cuenta, proteccion de datos'),
    fr: w('confidentialit*, donnees personnelles, rgpd, supprimer mon compte, vie privee, protection des donnees'),
    de: w('datenschutz*, personenbezogen*, dsgvo, konto loschen, meine daten, persoenlichen daten'),
  },
  dualsim: {
    en: w(
      'home sim, normal sim, regular sim, my own sim, keep my sim, my sim card, dual sim, dual-sim, dual esim, two esims, two lines, multiple esims, several esims, more than one esim, second line, both lines, home sim, physical sim, sim card',
    ),
    tr: w(
      'normal sim*, kendi sim*, mevcut sim*, mevcut hat*, cift sim, cift hat, iki esim, iki hat, birden fazla esim, birden fazla, ikinci hat*, fiziksel sim, sim kart*, ana hat*',
    ),
    es: w(
      'mi sim normal, mi sim de siempre, mi propia sim, mi sim fisica, doble sim, dual sim, dos esim, dos lineas, varias esim, mas de una esim, segunda linea, sim fisica, tarjeta sim, linea principal',
    ),
    fr: w(
      'ma sim habituelle, sim normale, ma propre sim, ma carte sim, double sim, dual sim, deux esim, deux lignes, plusieurs esim, plus d une esim, seconde ligne, deuxieme ligne, sim physique, carte sim, ligne principale',
    ),
    de: w(
      'normale sim*, eigene sim*, meine sim*, heimische sim*, zusatzlich*, dual sim, dual-sim, zwei esims, zwei esim, zwei leitungen, mehrere esims, mehrere esim, zweite leitung, physische sim, sim-karte, simkarte, hauptleitung',
    ),
  },
  coverage: {
    en: w(
      'coverage, network*, operator*, 4g, 5g, lte, signal*, which countries, what countries, countries covered, works in, work in, countries, neighbouring, neighboring, border*',
    ),
    tr: w('kapsama*, kapsa*, sebeke*, operator*, 4g, 5g, lte, sinyal*, hangi ulke*, ulkeler*, komsu*, sinir*'),
    es: w(
      'cobertura*, red, redes, operador*, 4g, 5g, lte, señal*, senal*, que paises, paises, pais vecino, otro pais, frontera*',
    ),
    fr: w(
      'couverture*, reseau*, operateur*, 4g, 5g, lte, signal*, quels pays, pays couverts, pays voisin*, autre pays, frontiere*',
    ),
    de: w(
      'abdeckung*, netz*, netzabdeckung*, netzbetreiber*, betreiber*, 4g, 5g, lte, empfang*, welche lander, lander*, laender*, nachbarland*',
    ),
  },
  travel: {
    en: w(
      'before i travel, before you travel, before travel*, before my trip, before your trip, before leaving, before departure, before you leave, before i leave, arriv*, land, landing, landed, abroad',
    ),
    tr: w(
      'seyahat etmeden, seyahatten once, yola cikmadan, gitmeden, varinca, vardigimda, vardiginizda, varis*, ulkeye var*, inince, indigimde, indiginizde',
    ),
    es: w('antes de viajar, antes del viaje, antes de salir, llegar*, llegada*, llegue*, al aterrizar'),
    fr: w('avant de partir, avant le voyage, avant mon voyage, avant votre voyage, arriv*, a l atterrissage'),
    de: w('vor der reise, vor reiseantritt, vor abflug, vor dem abflug, ankunft*, ankomm*, nach der landung'),
  },
  wifi: { all: w('wifi, wlan') },
  timing: {
    en: w('when should, when do, when does, when to, when can, when will, how soon, what time'),
    tr: w('ne zaman, ne zamandan, hangi zaman'),
    es: w('cuando, cuando debo, cuando se, a partir de cuando, desde cuando'),
    fr: w('quand, a partir de quand, des quand, a quel moment'),
    de: w('wann, ab wann, bis wann, zu welchem zeitpunkt'),
  },
  check: {
    en: w('how do i know, how can i tell, how to tell, how do i tell, check*, find out, verify*, see if, make sure'),
    tr: w('nasil anlarim, nasil anlari*, nasil bilebilir*, kontrol*, anla*, ogren*, emin ol*'),
    es: w('como se si, como saber, saber si, comprob*, verific*, averigu*'),
    fr: w('comment savoir, savoir si, verifi*, verifier, controler'),
    de: w('wie erkenne, woran erkenne, erkenn*, pruf*, uberpruf*, herausfind*, nachseh*, feststell*, nachschau*'),
  },
  whatis: {
    en: w("what is, what's, whats, explain*, meaning, definition"),
    tr: w('nedir, ne demek, ne anlama'),
    es: w('que es, que son, significa*'),
    fr: w("qu'est-ce, qu est-ce, qu est ce, c'est quoi, c est quoi, signifie*"),
    de: w('was ist, was sind, bedeute*, erklar*'),
  },
  settings: {
    en: w('setting*, apn, airplane mode, flight mode, restart*, reboot*'),
    tr: w('ayar*, apn, ucak modu*, yeniden baslat*'),
    es: w('ajuste*, configuracion*, apn, modo avion, reinici*'),
    fr: w('reglage*, parametre*, apn, mode avion, redemarr*'),
    de: w('einstellung*, apn, flugmodus*, neustart*, neu starten'),
  },
};

/** One compiled pattern: the words to match in a row, each exact or a prefix. */
interface Compiled {
  concept: string;
  words: { text: string; prefix: boolean }[];
}

function compile(pattern: string, concept: string): Compiled {
  return {
    concept,
    words: normalisePhrases(fold(pattern))
      .split(/[\s'-]+/)
      .filter(Boolean)
      .map((word) => (word.endsWith('*') ? { text: word.slice(0, -1), prefix: true } : { text: word, prefix: false })),
  };
}

const compiledByLanguage = new Map<Language, Map<string, Compiled[]>>();

/** The patterns that apply in a language, indexed by the first letters of their first word. */
function patternsFor(language: Language): Map<string, Compiled[]> {
  let byKey = compiledByLanguage.get(language);
  if (byKey) return byKey;
  byKey = new Map();
  for (const [concept, patterns] of Object.entries(CONCEPTS)) {
    for (const pattern of [...(patterns[language] ?? []), ...(patterns.all ?? [])]) {
      const compiled = compile(pattern, concept);
      const first = compiled.words[0];
      if (!first) continue;
      const key = first.text.slice(0, 2);
      const list = byKey.get(key) ?? [];
      list.push(compiled);
      byKey.set(key, list);
    }
  }
  compiledByLanguage.set(language, byKey);
  return byKey;
}

function wordMatches(word: { text: string; prefix: boolean }, token: string | undefined): boolean {
  if (token === undefined) return false;
  return word.prefix ? token.startsWith(word.text) : token === word.text;
}

/** A concept found in a token list: its id and the tokens `[start, end)` that expressed it. */
export interface ConceptMatch {
  concept: string;
  start: number;
  end: number;
  /** Found by a phrase or a rule rather than one word: a specific signal of the topic. */
  strong?: boolean;
}

/**
 * The concepts expressed in folded, phrase-normalised tokens of a text in `language` (the
 * language's patterns plus the `all` ones), in token order; overlapping matches of different
 * concepts are all kept.
 */
export function findConcepts(tokens: readonly string[], language: Language): ConceptMatch[] {
  const patterns = patternsFor(language);
  const found: ConceptMatch[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const candidates = patterns.get(token.slice(0, 2));
    if (!candidates) continue;
    for (const candidate of candidates) {
      if (candidate.words.every((word, k) => wordMatches(word, tokens[i + k]))) {
        found.push({
          concept: candidate.concept,
          start: i,
          end: i + candidate.words.length,
          strong: candidate.words.length > 1,
        });
      }
    }
  }
  return found;
}

/** The distinct concept ids of {@link findConcepts}. */
export function conceptSet(tokens: readonly string[], language: Language): Set<string> {
  return new Set(findConcepts(tokens, language).map((m) => m.concept));
}

/**
 * The concepts of a question: its language's ({@link findConcepts}) plus those of the English
 * words of five letters or more in it, since travellers mix English terms into other languages
 * ("refund policy für meine eSIM"). Shorter English words are left out: they are often words of
 * the other languages too (German "fast", "Land").
 */
export function questionConcepts(tokens: readonly string[], language: Language): ConceptMatch[] {
  const own = findConcepts(tokens, language);
  // A phone and a tablet in one question ("on my phone and my iPad") ask about more than one device.
  const tablet = tokens.findIndex((t) => /^(tablet|ipad|tablette)/.test(t));
  if (
    tablet >= 0 &&
    tokens.some((t) => /^(phone|handy|telefon|movil|celular|smartphone|iphone|portable|cep)/.test(t))
  ) {
    own.push({ concept: 'transfer', start: tablet, end: tablet + 1, strong: true });
  }
  // "What is" helps only when the question names nothing more specific ("what is an eSIM?", not "what is the cheapest plan?").
  const specific = own.some((m) => !WEAK_CONCEPTS.has(m.concept));
  if (specific) own.splice(0, own.length, ...own.filter((m) => m.concept !== 'whatis'));
  if (language === 'en') return own;
  const english = findConcepts(tokens, 'en').filter(
    (m) => tokens.slice(m.start, m.end).join(' ').length >= 5 && m.end - m.start === 1,
  );
  return [...own, ...english.filter((m) => !own.some((o) => o.concept === m.concept))];
}

/** Concepts too general to make an answer fit on their own ("what is", "how do I know", "when", "phone"). */
export const WEAK_CONCEPTS: ReadonlySet<string> = new Set([
  'whatis',
  'check',
  'timing',
  'device',
  'travel',
  'iphone',
  'android',
]);

/** Index/query term of a concept: `~refund`. */
export const conceptTerm = (concept: string): string => `~${concept}`;

/**
 * Words of a language's lexicon that say which language a message is in: the first word of each
 * single-word pattern of that language only (exact or prefix), for {@link detectLanguage}.
 */
export function languageCueWords(language: Language): { text: string; prefix: boolean }[] {
  const cues: { text: string; prefix: boolean }[] = [];
  for (const patterns of Object.values(CONCEPTS)) {
    for (const pattern of patterns[language] ?? []) {
      const compiled = compile(pattern, '');
      const first = compiled.words[0];
      if (compiled.words.length === 1 && first && first.text.length >= 4) cues.push(first);
    }
  }
  return cues;
}
