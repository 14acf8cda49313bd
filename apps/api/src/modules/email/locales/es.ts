import type { EmailStrings } from './types.ts';

/** Spanish e-mail texts (informal "tú", as in the storefront). */
export const es: EmailStrings = {
  common: {
    greeting: 'Hola, {name}:',
    supportHeading: '¿Necesitas ayuda?',
    supportIntro: 'Respondemos a los correos en menos de 24 horas y atendemos las urgencias técnicas las 24 horas.',
    emailLabel: 'Correo electrónico',
    whatsappLabel: 'WhatsApp',
    phoneLabel: 'Teléfono',
    supportHours:
      'Chat en directo y WhatsApp: de lunes a viernes, de 09:00 a 18:00 GMT. Teléfono: de lunes a viernes, de 09:00 a 17:00 GMT.',
    tagline: '{brand}: planes de datos eSIM prepago para viajar a más de 200 países.',
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
    summaryHeading: 'Resumen del pedido',
    orderNumber: 'Número de pedido',
    orderDate: 'Fecha del pedido',
    item: 'Plan',
    quantity: 'Cant.',
    amount: 'Importe',
    total: 'Total',
    pricesNote: 'Precios en dólares estadounidenses, impuestos incluidos.',
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
    orderNumber: 'Número de pedido',
    orderDate: 'Fecha del pedido',
    amountPaid: 'Importe pagado',
    paymentMethod: 'Forma de pago',
    pricesNote: 'Precios en dólares estadounidenses, impuestos incluidos.',
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
    sessionsNote: 'Cuando elijas una contraseña nueva, se cerrará la sesión en todos los dispositivos conectados a tu cuenta.',
    ignore: 'Si no lo has solicitado, puedes ignorar este correo: tu contraseña no ha cambiado.',
    reason: 'Recibes este correo porque se solicitó restablecer la contraseña de tu cuenta en {brand}.',
  },
};
