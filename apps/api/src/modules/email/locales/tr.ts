import type { EmailStrings } from './types.ts';

/** Turkish e-mail texts. */
export const tr: EmailStrings = {
  common: {
    greeting: 'Merhaba {name},',
    supportHeading: 'Yardıma mı ihtiyacınız var?',
    supportIntro: 'E-postaları 24 saat içinde yanıtlıyoruz; teknik acil durumlarda 7/24 yanınızdayız.',
    emailLabel: 'E-posta',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Telefon',
    supportHours: 'Canlı sohbet ve WhatsApp: hafta içi 09:00–18:00 GMT. Telefon: hafta içi 09:00–17:00 GMT.',
    tagline: '{brand} – 200’den fazla ülke için ön ödemeli seyahat eSIM veri paketleri.',
  },
  orderConfirmation: {
    subject: {
      one: 'eSIM’iniz hazır – {orderNumber} numaralı sipariş',
      other: '{count} eSIM’iniz hazır – {orderNumber} numaralı sipariş',
    },
    preheader: {
      one: 'Yola çıkmadan önce QR kodu okutarak eSIM’inizi yükleyin.',
      other: 'Yola çıkmadan önce QR kodlarını okutarak {count} eSIM’inizi yükleyin.',
    },
    heading: { one: 'eSIM’iniz hazır', other: '{count} eSIM’iniz hazır' },
    intro: {
      one: '{orderNumber} numaralı siparişiniz için teşekkür ederiz. eSIM’iniz yüklenmeye hazır; QR kodunu ve aktivasyon bilgilerini aşağıda bulabilirsiniz.',
      other:
        '{orderNumber} numaralı siparişiniz için teşekkür ederiz. {count} eSIM’iniz yüklenmeye hazır; QR kodlarını ve aktivasyon bilgilerini aşağıda bulabilirsiniz.',
    },
    summaryHeading: 'Sipariş özeti',
    orderNumber: 'Sipariş numarası',
    orderDate: 'Sipariş tarihi',
    item: 'Paket',
    quantity: 'Adet',
    amount: 'Tutar',
    total: 'Toplam',
    pricesNote: 'Fiyatlar ABD doları cinsindendir, vergiler dahildir.',
    esimHeading: 'eSIM {index}/{total} · {product}',
    scanHint:
      'QR kodu yurt dışında kullanacağınız telefonla okutun (başka bir ekranda açın ya da yazdırın) veya bu e-postayı o telefonda açıp yükleme düğmelerinden birine dokunun.',
    qrAlt: '{iccid} numaralı eSIM’i yüklemek için QR kod',
    iccid: 'ICCID',
    smdpAddress: 'SM-DP+ adresi',
    matchingId: 'Eşleştirme kimliği (Matching ID)',
    activationCode: 'Aktivasyon kodu',
    installIphone: 'iPhone’a yükle',
    installAndroid: 'Android’e yükle',
    iphoneNote:
      'Tek dokunuşla yükleme için iOS 17.4 veya sonraki bir sürüm gerekir. Diğer telefonlarda QR kodu okutun ya da bilgileri elle girin.',
    stepsHeading: 'Nasıl yüklenir?',
    steps: [
      'Yola çıkmadan önce telefonunuzu Wi-Fi’ye bağlayın.',
      'iPhone’da Ayarlar > Hücresel (veya Mobil Veri) > eSIM Ekle, Android’de Ayarlar > Ağ ve internet > SIM’ler > eSIM ekle yolunu izleyin. QR kodu okutun ya da bilgileri elle girmeyi seçip SM-DP+ adresini ve aktivasyon kodunu yazın.',
      'Yeni hattı “Seyahat” olarak adlandırın ve mobil veri için bu hattı seçin. Aramalar ve SMS’ler için ana hattınızı kullanmaya devam edin.',
      'İndiğinizde Seyahat hattı için veri dolaşımını açın. Paketiniz, varış noktanızda ilk kez bağlandığında başlar.',
    ],
    keepInstalled: 'Yükledikten sonra eSIM’i silmeyin: çoğu eSIM ikinci kez yüklenemez.',
    portalHeading: 'Müşteri portalınız',
    portalText:
      'Veri kullanımınızı kontrol etmek, paketlerinizi görmek ve ek paket satın almak için müşteri portalını kullanın. Bu erişim koduyla giriş yapın:',
    accessToken: 'Erişim kodu',
    tokenNote: 'Kimseyle paylaşmayın: bu koda sahip olan herkes eSIM’lerinizi görebilir.',
    portalButton: 'Müşteri portalını aç',
    viewOrder: 'Siparişinizi çevrimiçi görüntüleyin',
    refundHeading: 'İade politikası',
    refund:
      'eSIM’iniz aktifleştirilmediyse, satın alma tarihinden itibaren 30 gün içinde tam iade alabilirsiniz. Aktifleştirildikten sonra iade edilemez.',
    reason: 'Bu e-postayı, {brand} üzerinden {orderNumber} numaralı siparişi verdiğiniz için alıyorsunuz.',
  },
  topupReceipt: {
    subject: 'Ek paketiniz yolda – {orderNumber} numaralı sipariş',
    preheader: '{product} paketi eSIM’inize eklendi; mevcut paketiniz bittiğinde başlayacak.',
    heading: 'Ek paketiniz yolda',
    intro:
      '{orderNumber} numaralı ek paket siparişiniz için teşekkür ederiz. {product} paketini, ICCID numarası {iccid} olan eSIM’inize ekledik.',
    detailsHeading: 'Ek paket ayrıntıları',
    plan: 'Paket',
    data: 'Veri',
    unlimited: 'Sınırsız',
    validity: 'Geçerlilik süresi',
    validityDays: { one: '{count} gün', other: '{count} gün' },
    esim: 'eSIM’iniz (ICCID)',
    orderNumber: 'Sipariş numarası',
    orderDate: 'Sipariş tarihi',
    amountPaid: 'Ödenen tutar',
    paymentMethod: 'Ödeme yöntemi',
    pricesNote: 'Fiyatlar ABD doları cinsindendir, vergiler dahildir.',
    whenHeading: 'Ne zaman başlıyor?',
    whenText:
      'Ek paketiniz, şu anda kullandığınız paketin arkasında sıraya alındı. O paketin süresi dolduğunda ya da verisi bittiğinde kendiliğinden devreye girer; böylece kalan hakkınızdan hiçbir şey boşa gitmez. Geçerlilik süresi de o andan itibaren işlemeye başlar.',
    noInstall: 'Yeniden bir şey yüklemenize gerek yok: ek paket, telefonunuzdaki eSIM’de aynı ayarlarla çalışır.',
    portalHeading: 'Veri kullanımınızı takip edin',
    portalText:
      'Müşteri portalında ne kadar veriniz kaldığını ve her paketin ne zaman başlayıp biteceğini görebilirsiniz. Sipariş onayı e-postanızdaki erişim koduyla giriş yapın.',
    portalButton: 'Müşteri portalını aç',
    reason: 'Bu e-postayı, {brand} üzerinden {orderNumber} numaralı ek paket siparişini verdiğiniz için alıyorsunuz.',
  },
};
