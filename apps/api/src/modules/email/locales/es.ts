import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';
import type { EmailStrings } from './types.ts';

/** The support hours' one source (`@esim/contract/support-hours`). */
const { teamHours, phoneHours } = SUPPORT_HOURS_TEXT;

/** Spanish e-mail texts (informal "tú", as in the storefront). */
export const es: EmailStrings = {
  common: {
    greeting: 'Hola, {name}:',
    supportHeading: '¿Necesitas ayuda?',
    supportIntro:
      'Respondemos a los correos en menos de 24 horas, y el asistente de chat de nuestra web responde a tus preguntas 24/7.',
    emailLabel: 'Correo electrónico',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Teléfono',
    supportHours: `Equipo de soporte (correo y WhatsApp): de lunes a viernes, ${teamHours}. Teléfono: de lunes a viernes, ${phoneHours}.`,
    tagline: '{brand}: planes de datos eSIM prepago para viajar a un país, a una región entera o por todo el mundo.',
  },
  orderSummary: {
    heading: 'Resumen del pedido',
    orderNumber: 'Número de pedido',
    orderDate: 'Fecha del pedido',
    item: 'Plan',
    quantity: 'Cant.',
    amount: 'Importe',
    total: 'Total',
    pricesNote: 'Precios en dólares estadounidenses, impuestos incluidos.',
  },
  orderConfirmation: {
    subject: {
      one: 'Tu eSIM está lista – pedido {orderNumber}',
      other: 'Tus {count} eSIM están listas – pedido {orderNumber}',
    },
    preheader: {
      one: 'Escanea el código QR para instalar tu eSIM antes de viajar.',
      other: 'Escanea los códigos QR para instalar tus {count} eSIM antes de viajar.',
    },
    heading: { one: 'Tu eSIM está lista', other: 'Tus {count} eSIM están listas' },
    intro: {
      one: 'Gracias por tu pedido {orderNumber}. Tu eSIM ya se puede instalar: a continuación encontrarás su código QR y los datos de activación.',
      other:
        'Gracias por tu pedido {orderNumber}. Tus {count} eSIM ya se pueden instalar: a continuación encontrarás sus códigos QR y los datos de activación.',
    },
    esimHeading: 'eSIM {index} de {total} · {product}',
    scanHint:
      'Escanea el código QR con el teléfono que vas a llevar de viaje (ábrelo en otra pantalla o imprímelo), o abre este correo en ese teléfono y toca uno de los botones de instalación.',
    qrAlt: 'Código QR para instalar la eSIM {iccid}',
    iccid: 'ICCID',
    smdpAddress: 'Dirección SM-DP+',
    matchingId: 'ID de coincidencia (Matching ID)',
    activationCode: 'Código de activación',
    installIphone: 'Instalar en iPhone',
    installAndroid: 'Instalar en Android',
    iphoneNote:
      'La instalación con un toque requiere iOS 17.4 o posterior. En otros teléfonos, escanea el código QR o introduce los datos a mano.',
    stepsHeading: 'Cómo instalarla',
    steps: [
      'Antes de viajar, conecta el teléfono a una red wifi.',
      'En iPhone ve a Ajustes > Datos móviles > Añadir eSIM; en Android, a Ajustes > Redes e Internet > SIM > Añadir eSIM. Escanea el código QR o elige introducir los datos manualmente y escribe la dirección SM-DP+ y el código de activación.',
      'Ponle a la nueva línea la etiqueta «Viaje» y selecciónala para los datos móviles. Mantén tu línea principal para llamadas y SMS.',
      'Al aterrizar, activa la itinerancia de datos en la línea «Viaje». Tu plan empieza la primera vez que se conecta en tu destino.',
    ],
    keepInstalled:
      'No borres la eSIM después de instalarla: la mayoría de las eSIM no se pueden instalar una segunda vez.',
    portalHeading: 'Tu portal de clientes',
    portalText:
      'Consulta tu consumo de datos, revisa tus planes y compra recargas en el portal de clientes. Accede con este código de acceso:',
    accessToken: 'Código de acceso',
    tokenNote: 'No lo compartas: cualquiera que lo tenga puede ver tus eSIM.',
    portalButton: 'Abrir el portal de clientes',
    viewOrder: 'Ver tu pedido en línea',
    refundHeading: 'Política de reembolso',
    refund:
      'Puedes obtener un reembolso completo en los 30 días siguientes a la compra si tu eSIM no se ha activado. Una vez activada, no se puede reembolsar.',
    reason: 'Recibes este correo porque hiciste el pedido {orderNumber} en {brand}.',
  },
  topupReceipt: {
    subject: 'Tu recarga está en camino – pedido {orderNumber}',
    preheader: 'Hemos añadido {product} a tu eSIM; empezará cuando termine tu plan actual.',
    heading: 'Tu recarga está en camino',
    intro: 'Gracias por tu pedido de recarga {orderNumber}. Hemos añadido {product} a tu eSIM con ICCID {iccid}.',
    detailsHeading: 'Detalles de la recarga',
    plan: 'Plan',
    data: 'Datos',
    unlimited: 'Ilimitados',
    validity: 'Validez',
    validityDays: { one: '{count} día', other: '{count} días' },
    esim: 'Tu eSIM (ICCID)',
    amountPaid: 'Importe pagado',
    paymentMethod: 'Forma de pago',
    whenHeading: '¿Cuándo empieza?',
    whenText:
      'Tu recarga queda a la espera detrás del plan que usas ahora y se activa sola en cuanto ese plan caduque o se le acaben los datos, así que no pierdes nada de lo que te queda. Su validez empieza a contar en ese momento.',
    noInstall: 'No tienes que instalar nada: funciona en la eSIM que ya tienes, con la misma configuración.',
    portalHeading: 'Controla tus datos',
    portalText:
      'En el portal de clientes puedes ver cuántos datos te quedan y cuándo empieza y termina cada plan. Accede con el código de acceso del correo de confirmación de tu pedido.',
    portalButton: 'Abrir el portal de clientes',
    reason: 'Recibes este correo porque compraste una recarga (pedido {orderNumber}) en {brand}.',
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de {brand}',
    preheader: 'Usa este enlace en los próximos {minutes} minutos para elegir una contraseña nueva.',
    heading: 'Restablece tu contraseña',
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de {username}, tu cuenta de {brand}.',
    button: 'Elegir una contraseña nueva',
    validity: 'Este enlace es válido durante {minutes} minutos y solo se puede usar una vez.',
    linkHint: 'Si el botón no funciona, copia este enlace en tu navegador:',
    sessionsNote:
      'Cuando elijas una contraseña nueva, se cerrará la sesión en todos los dispositivos conectados a tu cuenta.',
    ignore: 'Si no lo has solicitado, puedes ignorar este correo: tu contraseña no ha cambiado.',
    reason: 'Recibes este correo porque se solicitó restablecer la contraseña de tu cuenta en {brand}.',
  },
  orderStatus: {
    statusLabel: 'Estado del pedido',
    refundAmount: 'Importe reembolsado',
    refundTiming:
      'Los reembolsos llegan a las tarjetas en 3–5 días hábiles y a PayPal en 1–2 días hábiles, según tu banco.',
    portalText: 'Consulta tus eSIM, tu consumo de datos y tus pedidos cuando quieras en el portal de clientes.',
    portalButton: 'Abrir el portal de clientes',
    reason: 'Recibes este correo porque hiciste el pedido {orderNumber} en {brand}.',
    pending: {
      subject: 'Hemos recibido tu pedido {orderNumber}',
      preheader: 'Tu pedido {orderNumber} está pendiente de pago.',
      heading: 'Tu pedido está pendiente de pago',
      body: 'Hemos recibido tu pedido {orderNumber}, pero su pago aún no se ha completado. En cuanto se complete, prepararemos tu eSIM y te la enviaremos por correo.',
    },
    created: {
      subject: 'Se ha creado tu pedido {orderNumber}',
      preheader: 'El pedido {orderNumber} está creado y pendiente de pago.',
      heading: 'Tu pedido se ha creado',
      body: 'Tu pedido {orderNumber} se ha creado y está pendiente de pago. Te avisaremos en cuanto se confirme el pago.',
    },
    processing: {
      subject: 'Estamos preparando tu pedido {orderNumber}',
      preheader: 'Pago recibido: estamos preparando la eSIM del pedido {orderNumber}.',
      heading: 'Estamos preparando tu eSIM',
      body: 'Hemos recibido el pago del pedido {orderNumber} y estamos preparando tu eSIM. En breve recibirás por correo su código QR y las instrucciones de instalación.',
    },
    processed: {
      subject: 'Se ha emitido la eSIM del pedido {orderNumber}',
      preheader: 'La eSIM del pedido {orderNumber} está emitida; sus datos van en camino.',
      heading: 'Tu eSIM se ha emitido',
      body: 'Nuestro socio de red ha emitido la eSIM del pedido {orderNumber}. El correo con su código QR y los datos de activación va en camino.',
    },
    shipped: {
      subject: 'Te hemos enviado los datos de la eSIM del pedido {orderNumber}',
      preheader: 'Busca en tu bandeja de entrada el código QR del pedido {orderNumber}.',
      heading: 'Te hemos enviado los datos de tu eSIM',
      body: 'Hemos enviado a esta dirección el código QR y los datos de activación del pedido {orderNumber}. Si no los encuentras, revisa la carpeta de spam o contáctanos.',
    },
    completed: {
      subject: 'Tu pedido {orderNumber} se ha completado',
      preheader: 'Todo lo del pedido {orderNumber} se ha entregado.',
      heading: 'Tu pedido se ha completado',
      body: 'El pedido {orderNumber} se ha completado: tu eSIM ya está entregada. Instálala antes de viajar y sigue tu consumo de datos en el portal de clientes.',
    },
    cancelled: {
      subject: 'Tu pedido {orderNumber} se ha cancelado',
      preheader: 'El pedido {orderNumber} se ha cancelado.',
      heading: 'Tu pedido se ha cancelado',
      body: 'El pedido {orderNumber} se ha cancelado. Si no lo esperabas o tienes alguna pregunta, responde a este correo o contacta con nuestro equipo de soporte.',
    },
    refunded: {
      subject: 'Hemos reembolsado tu pedido {orderNumber}',
      preheader: 'Hemos reembolsado {amount} del pedido {orderNumber}.',
      heading: 'Tu reembolso está en camino',
      body: 'Hemos reembolsado {amount} del pedido {orderNumber} al método de pago que usaste. La eSIM de este pedido se ha cancelado y ya no se conecta.',
    },
  },
  supportMessage: {
    preheader: 'Nuevo mensaje de {name} desde el formulario de contacto.',
    heading: 'Nuevo mensaje de soporte',
    intro: '{name} ha escrito desde el formulario de contacto de la página de soporte.',
    reference: 'Referencia',
    from: 'Remitente',
    language: 'Idioma',
    received: 'Recibido',
    subject: 'Asunto',
    messageHeading: 'Mensaje',
    replyHint:
      'Responde a este correo para contestar a {name} en {email} y conserva la referencia en el asunto. Cuando hayas respondido, marca el mensaje como respondido en el área de administración.',
    adminButton: 'Abrir en el área de administración',
    reason: '{brand} envía este correo por cada mensaje del formulario de contacto.',
  },
  supportAcknowledgement: {
    subject: 'Hemos recibido tu mensaje [{reference}]',
    preheader: 'Te responderemos en un plazo de 24 horas. Tu referencia: {reference}.',
    heading: 'Hemos recibido tu mensaje',
    intro: 'Gracias por contactar con {brand}. Te responderemos en un plazo de 24 horas.',
    subjectLine: 'Tu asunto: «{subject}»',
    referenceLine: 'Tu referencia: {reference}',
    referenceHint: 'Indica esta referencia si vuelves a escribirnos sobre la misma consulta.',
    hours: `Nuestro equipo de soporte atiende de lunes a viernes, ${teamHours}. Para respuestas rápidas a cualquier hora, pregunta al asistente de chat de nuestra web.`,
    notYou: 'Si no has enviado este mensaje, puedes ignorar este correo.',
    reason: 'Recibes este correo porque esta dirección se indicó en el formulario de contacto de {brand}.',
  },
};
