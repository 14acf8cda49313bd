import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';
import type { EmailStrings } from './types.ts';

/** The support hours' one source (`@esim/contract/support-hours`). */
const { teamHours, phoneHours } = SUPPORT_HOURS_TEXT;

/** Turkish e-mail texts. */
export const tr: EmailStrings = {
  common: {
    greeting: 'Merhaba {name},',
    supportHeading: 'Yardıma mı ihtiyacınız var?',
    supportIntro:
      'E-postaları 24 saat içinde yanıtlıyoruz; web sitemizdeki sohbet asistanı ise sorularınızı 7/24 yanıtlar.',
    emailLabel: 'E-posta',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Telefon',
    supportHours: `Destek ekibi (e-posta ve WhatsApp): hafta içi ${teamHours}. Telefon: hafta içi ${phoneHours}.`,
    tagline: '{brand} – tek bir ülke, bütün bir bölge ya da tüm dünya için ön ödemeli seyahat eSIM veri paketleri.',
  },
  orderSummary: {
    heading: 'Sipariş özeti',
    orderNumber: 'Sipariş numarası',
    orderDate: 'Sipariş tarihi',
    item: 'Paket',
    quantity: 'Adet',
    amount: 'Tutar',
    total: 'Toplam',
    pricesNote: 'Fiyatlar ABD doları cinsindendir, vergiler dahildir.',
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
    amountPaid: 'Ödenen tutar',
    paymentMethod: 'Ödeme yöntemi',
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
  passwordReset: {
    subject: '{brand} şifrenizi sıfırlayın',
    preheader: 'Yeni bir şifre belirlemek için bu bağlantıyı {minutes} dakika içinde kullanın.',
    heading: 'Şifrenizi sıfırlayın',
    intro: '{username} kullanıcı adlı {brand} hesabınızın şifresini sıfırlama talebi aldık.',
    button: 'Yeni şifre belirle',
    validity: 'Bu bağlantı {minutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir.',
    linkHint: 'Düğme çalışmazsa bu bağlantıyı kopyalayıp tarayıcınıza yapıştırın:',
    sessionsNote: 'Yeni şifrenizi belirlediğinizde hesabınızda oturumu açık olan tüm cihazlarda oturum kapatılır.',
    ignore: 'Bu talebi siz yapmadıysanız bu e-postayı dikkate almayın: şifreniz değiştirilmedi.',
    reason: 'Bu e-postayı, {brand} hesabınız için şifre sıfırlama talep edildiği için alıyorsunuz.',
  },
  orderStatus: {
    statusLabel: 'Sipariş durumu',
    refundAmount: 'İade edilen tutar',
    refundTiming:
      'İadeler, bankanıza bağlı olarak kart hesaplarına 3–5 iş günü, PayPal hesaplarına ise 1–2 iş günü içinde ulaşır.',
    portalText:
      'eSIM’lerinizi, veri kullanımınızı ve siparişlerinizi müşteri portalında dilediğiniz zaman görebilirsiniz.',
    portalButton: 'Müşteri portalını aç',
    reason: 'Bu e-postayı, {brand} üzerinden {orderNumber} numaralı siparişi verdiğiniz için alıyorsunuz.',
    pending: {
      subject: '{orderNumber} numaralı siparişinizi aldık',
      preheader: '{orderNumber} numaralı siparişiniz ödemesini bekliyor.',
      heading: 'Siparişiniz ödeme bekliyor',
      body: '{orderNumber} numaralı siparişinizi aldık, ancak ödemesi henüz tamamlanmadı. Ödeme tamamlanır tamamlanmaz eSIM’inizi hazırlayıp size e-postayla göndereceğiz.',
    },
    created: {
      subject: '{orderNumber} numaralı siparişiniz oluşturuldu',
      preheader: '{orderNumber} numaralı sipariş oluşturuldu ve ödemesini bekliyor.',
      heading: 'Siparişiniz oluşturuldu',
      body: '{orderNumber} numaralı siparişiniz oluşturuldu ve ödemesini bekliyor. Ödeme onaylanır onaylanmaz size haber vereceğiz.',
    },
    processing: {
      subject: '{orderNumber} numaralı siparişinizi hazırlıyoruz',
      preheader: 'Ödeme alındı: {orderNumber} numaralı siparişin eSIM’i hazırlanıyor.',
      heading: 'eSIM’inizi hazırlıyoruz',
      body: '{orderNumber} numaralı siparişin ödemesini aldık ve eSIM’inizi hazırlıyoruz. QR kodu ve kurulum bilgileri kısa süre içinde e-postayla gelecek.',
    },
    processed: {
      subject: '{orderNumber} numaralı siparişin eSIM’i oluşturuldu',
      preheader: '{orderNumber} numaralı siparişin eSIM’i oluşturuldu; bilgileri yolda.',
      heading: 'eSIM’iniz oluşturuldu',
      body: '{orderNumber} numaralı siparişin eSIM’i ağ ortağımız tarafından oluşturuldu. QR kodunu ve etkinleştirme bilgilerini içeren e-posta yolda.',
    },
    shipped: {
      subject: '{orderNumber} numaralı siparişin eSIM bilgileri gönderildi',
      preheader: '{orderNumber} numaralı siparişin QR kodu gelen kutunuzda.',
      heading: 'eSIM bilgileriniz gönderildi',
      body: '{orderNumber} numaralı siparişin QR kodunu ve etkinleştirme bilgilerini bu adrese gönderdik. Bulamazsanız istenmeyen e-posta klasörünüze bakın veya bize ulaşın.',
    },
    completed: {
      subject: '{orderNumber} numaralı siparişiniz tamamlandı',
      preheader: '{orderNumber} numaralı siparişin her şeyi teslim edildi.',
      heading: 'Siparişiniz tamamlandı',
      body: '{orderNumber} numaralı sipariş tamamlandı: eSIM’iniz teslim edildi. Seyahatinizden önce kurun ve veri kullanımınızı müşteri portalından takip edin.',
    },
    cancelled: {
      subject: '{orderNumber} numaralı siparişiniz iptal edildi',
      preheader: '{orderNumber} numaralı sipariş iptal edildi.',
      heading: 'Siparişiniz iptal edildi',
      body: '{orderNumber} numaralı sipariş iptal edildi. Bunu beklemiyorsanız veya bir sorunuz varsa bu e-postayı yanıtlayın ya da destek ekibimize ulaşın.',
    },
    refunded: {
      subject: '{orderNumber} numaralı siparişinizin ücreti iade edildi',
      preheader: '{orderNumber} numaralı sipariş için {amount} iade ettik.',
      heading: 'İadeniz yolda',
      body: '{orderNumber} numaralı sipariş için {amount} tutarını kullandığınız ödeme yöntemine iade ettik. Bu siparişin eSIM’i iptal edildi ve artık bağlanmıyor.',
    },
  },
  supportMessage: {
    preheader: '{name} iletişim formundan yeni bir mesaj gönderdi.',
    heading: 'Yeni destek mesajı',
    intro: '{name}, destek sayfasındaki iletişim formundan yazdı.',
    reference: 'Referans',
    from: 'Gönderen',
    language: 'Dil',
    received: 'Alınma zamanı',
    subject: 'Konu',
    messageHeading: 'Mesaj',
    replyHint:
      '{name} adlı kişiye {email} adresinden yanıt vermek için bu e-postayı yanıtlayın ve konudaki referansı silmeyin. Yanıtladıktan sonra mesajı yönetim panelinde yanıtlandı olarak işaretleyin.',
    adminButton: 'Yönetim panelinde aç',
    reason: '{brand}, iletişim formundan gelen her mesaj için bu e-postayı gönderir.',
  },
  supportAcknowledgement: {
    subject: 'Mesajınızı aldık [{reference}]',
    preheader: 'Size 24 saat içinde dönüş yapacağız. Referansınız: {reference}.',
    heading: 'Mesajınızı aldık',
    intro: '{brand} ile iletişime geçtiğiniz için teşekkür ederiz. Size 24 saat içinde dönüş yapacağız.',
    subjectLine: 'Konunuz: “{subject}”',
    referenceLine: 'Referans numaranız: {reference}',
    referenceHint: 'Aynı konuda bize tekrar yazarsanız lütfen bu referansı belirtin.',
    hours: `Destek ekibimiz pazartesiden cumaya ${teamHours} saatleri arasında çalışır. Günün her saatinde hızlı yanıt için web sitemizdeki sohbet asistanına sorabilirsiniz.`,
    notYou: 'Bu mesajı siz göndermediyseniz bu e-postayı dikkate almayabilirsiniz.',
    reason: 'Bu e-postayı, bu adres {brand} iletişim formuna girildiği için alıyorsunuz.',
  },
};
