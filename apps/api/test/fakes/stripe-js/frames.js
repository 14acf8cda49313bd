/* global window, document, ResizeObserver */
/**
 * The frames of the Stripe.js stand-in (test-only), served by the Stripe fake's origin:
 * `/elements/payment` (card number, expiry, security code: the Payment Element's iframe),
 * `/elements/express-checkout` (the wallet buttons) and `/elements/wallet-sheet` (a simulated
 * Google Pay / Apple Pay sheet). Which one runs is `document.body.dataset.frame`. The payment
 * frame posts the card to the fake's own `POST /v1/confirmation_tokens` (same origin) and hands
 * the page only the ConfirmationToken, through `postMessage` to the parent window.
 */
(function () {
  'use strict';

  var params = new URLSearchParams(window.location.search);
  var sid = params.get('sid') || '';
  var key = params.get('key') || '';
  var kind = document.body.dataset.frame;

  var TEXTS = {
    en: {
      number: 'Card number',
      expiry: 'Expiration date',
      cvc: 'Security code',
      expiryHint: 'MM / YY',
      incomplete_number: 'Your card number is incomplete.',
      invalid_number: 'Your card number is invalid.',
      incomplete_expiry: "Your card's expiration date is incomplete.",
      invalid_expiry_year_past: "Your card's expiration year is in the past.",
      invalid_expiry_month: "Your card's expiration month is invalid.",
      incomplete_cvc: "Your card's security code is incomplete.",
      network: 'The payment could not be processed. Try again.',
      pay: 'Pay',
      cancel: 'Cancel',
      sheetTitle: 'Pay with',
      testCard: 'Visa •••• 4242 (test card)',
      buy: 'Buy with',
    },
    tr: {
      number: 'Kart numarası',
      expiry: 'Son kullanma tarihi',
      cvc: 'Güvenlik kodu',
      expiryHint: 'AA / YY',
      incomplete_number: 'Kart numaranız eksik.',
      invalid_number: 'Kart numaranız geçersiz.',
      incomplete_expiry: 'Kartınızın son kullanma tarihi eksik.',
      invalid_expiry_year_past: 'Kartınızın son kullanma yılı geçmişte.',
      invalid_expiry_month: 'Kartınızın son kullanma ayı geçersiz.',
      incomplete_cvc: 'Kartınızın güvenlik kodu eksik.',
      network: 'Ödeme işlenemedi. Tekrar deneyin.',
      pay: 'Öde',
      cancel: 'İptal',
      sheetTitle: 'Şununla öde:',
      testCard: 'Visa •••• 4242 (test kartı)',
      buy: 'Şununla satın al:',
    },
    es: {
      number: 'Número de tarjeta',
      expiry: 'Fecha de caducidad',
      cvc: 'Código de seguridad',
      expiryHint: 'MM / AA',
      incomplete_number: 'El número de tu tarjeta está incompleto.',
      invalid_number: 'El número de tu tarjeta no es válido.',
      incomplete_expiry: 'La fecha de caducidad de tu tarjeta está incompleta.',
      invalid_expiry_year_past: 'El año de caducidad de tu tarjeta ya pasó.',
      invalid_expiry_month: 'El mes de caducidad de tu tarjeta no es válido.',
      incomplete_cvc: 'El código de seguridad de tu tarjeta está incompleto.',
      network: 'No se pudo procesar el pago. Inténtalo de nuevo.',
      pay: 'Pagar',
      cancel: 'Cancelar',
      sheetTitle: 'Pagar con',
      testCard: 'Visa •••• 4242 (tarjeta de prueba)',
      buy: 'Comprar con',
    },
    fr: {
      number: 'Numéro de carte',
      expiry: "Date d'expiration",
      cvc: 'Code de sécurité',
      expiryHint: 'MM / AA',
      incomplete_number: 'Le numéro de votre carte est incomplet.',
      invalid_number: "Le numéro de votre carte n'est pas valide.",
      incomplete_expiry: "La date d'expiration de votre carte est incomplète.",
      invalid_expiry_year_past: "L'année d'expiration de votre carte est passée.",
      invalid_expiry_month: "Le mois d'expiration de votre carte n'est pas valide.",
      incomplete_cvc: 'Le code de sécurité de votre carte est incomplet.',
      network: "Le paiement n'a pas pu être traité. Réessayez.",
      pay: 'Payer',
      cancel: 'Annuler',
      sheetTitle: 'Payer avec',
      testCard: 'Visa •••• 4242 (carte de test)',
      buy: 'Acheter avec',
    },
    de: {
      number: 'Kartennummer',
      expiry: 'Ablaufdatum',
      cvc: 'Sicherheitscode',
      expiryHint: 'MM / JJ',
      incomplete_number: 'Ihre Kartennummer ist unvollständig.',
      invalid_number: 'Ihre Kartennummer ist ungültig.',
      incomplete_expiry: 'Das Ablaufdatum Ihrer Karte ist unvollständig.',
      invalid_expiry_year_past: 'Das Ablaufjahr Ihrer Karte liegt in der Vergangenheit.',
      invalid_expiry_month: 'Der Ablaufmonat Ihrer Karte ist ungültig.',
      incomplete_cvc: 'Der Sicherheitscode Ihrer Karte ist unvollständig.',
      network: 'Die Zahlung konnte nicht verarbeitet werden. Versuchen Sie es erneut.',
      pay: 'Bezahlen',
      cancel: 'Abbrechen',
      sheetTitle: 'Bezahlen mit',
      testCard: 'Visa •••• 4242 (Testkarte)',
      buy: 'Kaufen mit',
    },
  };
  var locale = (params.get('locale') || 'auto').slice(0, 2).toLowerCase();
  if (!TEXTS[locale]) locale = (window.navigator.language || 'en').slice(0, 2).toLowerCase();
  var T = TEXTS[locale] || TEXTS.en;
  document.documentElement.lang = TEXTS[locale] ? locale : 'en';

  function post(message) {
    message.source = 'stripe-fake';
    message.sid = sid;
    window.parent.postMessage(message, '*');
  }

  function onParent(handler) {
    window.addEventListener('message', function (event) {
      if (event.source !== window.parent) return;
      var data = event.data;
      if (!data || data.source !== 'stripe-fake' || data.sid !== sid) return;
      handler(data);
    });
  }

  function watchHeight() {
    var last = 0;
    var report = function () {
      var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        post({ type: 'resize', height: height });
      }
    };
    if (typeof ResizeObserver === 'function') new ResizeObserver(report).observe(document.documentElement);
    report();
  }

  function text(id, value) {
    var node = document.getElementById(id);
    if (node) node.textContent = value;
  }

  /** Form-encodes nested params with Stripe's bracket notation. */
  function encode(object, prefix, out) {
    out = out || [];
    for (var name in object) {
      var value = object[name];
      if (value === null || value === undefined) continue;
      var field = prefix ? prefix + '[' + name + ']' : name;
      if (typeof value === 'object') encode(value, field, out);
      else out.push(encodeURIComponent(field) + '=' + encodeURIComponent(String(value)));
    }
    return out.join('&');
  }

  /** `POST /v1/confirmation_tokens` with the publishable key; resolves `{ token }` or `{ error }`. */
  function createToken(card, wallet, billingName) {
    var body = {
      key: key,
      payment_method_data: {
        type: 'card',
        card: card,
        billing_details: billingName ? { name: billingName } : null,
        wallet: wallet ? { type: wallet } : null,
      },
    };
    return fetch('/v1/confirmation_tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer ' + key },
      body: encode(body),
    })
      .then(function (response) {
        return response.json().then(function (json) {
          if (!response.ok || !json || typeof json.id !== 'string') {
            var error = (json && json.error) || {};
            return {
              error: {
                type: error.type || 'api_error',
                code: error.code,
                decline_code: error.decline_code,
                param: error.param,
                message: error.message || T.network,
              },
            };
          }
          return { token: json };
        });
      })
      .catch(function () {
        return { error: { type: 'api_connection_error', message: T.network } };
      });
  }

  // ---- Payment Element frame -----------------------------------------------------------------

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i += 1) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  function paymentFrame() {
    text('number-label', T.number);
    text('expiry-label', T.expiry);
    text('cvc-label', T.cvc);
    var number = document.getElementById('number');
    var expiry = document.getElementById('expiry');
    var cvc = document.getElementById('cvc');
    var errorBox = document.getElementById('error');
    expiry.placeholder = T.expiryHint;
    var touched = false;

    function values() {
      var digits = number.value.replace(/\D/g, '');
      var exp = expiry.value.replace(/\D/g, '');
      return { digits: digits, month: exp.slice(0, 2), year: exp.slice(2, 4), cvc: cvc.value.replace(/\D/g, '') };
    }

    /** The first problem of the fields, as Stripe's codes: `{ code, field }`, or null. */
    function problem() {
      var v = values();
      if (v.digits.length < 12) return { code: 'incomplete_number', field: number };
      if (v.digits.length > 19 || !luhn(v.digits)) return { code: 'invalid_number', field: number };
      if (v.month.length < 2 || v.year.length < 2) return { code: 'incomplete_expiry', field: expiry };
      var month = Number(v.month);
      if (month < 1 || month > 12) return { code: 'invalid_expiry_month', field: expiry };
      var now = new Date();
      var year = 2000 + Number(v.year);
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
        return { code: 'invalid_expiry_year_past', field: expiry };
      }
      if (v.cvc.length < 3) return { code: 'incomplete_cvc', field: cvc };
      return null;
    }

    function show(found) {
      [number, expiry, cvc].forEach(function (input) {
        input.setAttribute('aria-invalid', found && found.field === input ? 'true' : 'false');
        if (found && found.field === input) input.setAttribute('aria-describedby', 'error');
        else input.removeAttribute('aria-describedby');
      });
      errorBox.textContent = found ? T[found.code] : '';
    }

    function change() {
      var v = values();
      post({ type: 'change', complete: problem() === null, empty: !v.digits && !v.month && !v.cvc });
      if (touched) show(problem());
    }

    number.addEventListener('input', function () {
      var digits = number.value.replace(/\D/g, '').slice(0, 19);
      var grouped = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
      if (grouped !== number.value) number.value = grouped;
      change();
    });
    expiry.addEventListener('input', function () {
      var digits = expiry.value.replace(/\D/g, '').slice(0, 4);
      var formatted = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
      if (formatted !== expiry.value) expiry.value = formatted;
      change();
    });
    cvc.addEventListener('input', function () {
      var digits = cvc.value.replace(/\D/g, '').slice(0, 4);
      if (digits !== cvc.value) cvc.value = digits;
      change();
    });
    [number, expiry, cvc].forEach(function (input) {
      input.addEventListener('focus', function () {
        post({ type: 'focus' });
      });
      input.addEventListener('blur', function () {
        post({ type: 'blur' });
      });
    });

    onParent(function (data) {
      if (data.type === 'submit') {
        touched = true;
        var found = problem();
        show(found);
        if (found) found.field.focus();
        post({
          type: 'submit-result',
          rid: data.rid,
          error: found ? { type: 'validation_error', code: found.code, message: T[found.code] } : null,
        });
      } else if (data.type === 'create-token') {
        var found2 = problem();
        if (found2) {
          show(found2);
          post({
            type: 'token-result',
            rid: data.rid,
            error: { type: 'validation_error', code: found2.code, message: T[found2.code] },
          });
          return;
        }
        var v = values();
        createToken(
          { number: v.digits, exp_month: Number(v.month), exp_year: 2000 + Number(v.year), cvc: v.cvc },
          null,
          data.billingName,
        ).then(function (result) {
          post({ type: 'token-result', rid: data.rid, token: result.token || null, error: result.error || null });
        });
      } else if (data.type === 'focus') number.focus();
      else if (data.type === 'clear') {
        number.value = expiry.value = cvc.value = '';
        touched = false;
        show(null);
        change();
      }
    });
    watchHeight();
    post({ type: 'ready' });
  }

  // ---- Express Checkout frame (wallet buttons) ---------------------------------------------

  var WALLET_NAMES = { googlePay: 'Google Pay', applePay: 'Apple Pay' };

  function expressFrame() {
    var list = document.getElementById('wallets');
    (params.get('wallets') || '').split(',').forEach(function (wallet) {
      if (!WALLET_NAMES[wallet]) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'wallet ' + wallet;
      button.textContent = T.buy + ' ' + WALLET_NAMES[wallet];
      button.setAttribute('aria-label', T.buy + ' ' + WALLET_NAMES[wallet]);
      button.addEventListener('click', function () {
        post({ type: 'click', wallet: wallet });
      });
      list.appendChild(button);
    });
    onParent(function (data) {
      if (data.type !== 'create-token') return;
      // The wallet's card: the fake's Visa test card, marked as coming from the wallet.
      createToken(
        { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
        data.wallet,
        data.billingName,
      ).then(function (result) {
        post({ type: 'token-result', rid: data.rid, token: result.token || null, error: result.error || null });
      });
    });
    watchHeight();
    post({ type: 'ready' });
  }

  // ---- Simulated wallet sheet ----------------------------------------------------------------

  function sheetFrame() {
    var wallet = params.get('wallet') === 'apple_pay' ? 'Apple Pay' : 'Google Pay';
    var amount = Number(params.get('amount') || 0);
    var currency = (params.get('currency') || 'usd').toUpperCase();
    var formatted;
    try {
      formatted = new Intl.NumberFormat(locale, { style: 'currency', currency: currency }).format(amount / 100);
    } catch {
      formatted = (amount / 100).toFixed(2) + ' ' + currency;
    }
    text('sheet-title', T.sheetTitle + ' ' + wallet);
    text('sheet-amount', formatted);
    text('sheet-card', T.testCard);
    var pay = document.getElementById('pay');
    var cancel = document.getElementById('cancel');
    pay.textContent = T.pay + ' ' + formatted;
    cancel.textContent = T.cancel;
    pay.addEventListener('click', function () {
      post({ type: 'sheet', outcome: 'pay' });
    });
    cancel.addEventListener('click', function () {
      post({ type: 'sheet', outcome: 'cancel' });
    });
    pay.focus();
  }

  if (kind === 'payment') paymentFrame();
  else if (kind === 'express') expressFrame();
  else if (kind === 'sheet') sheetFrame();
})();
