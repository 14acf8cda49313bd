/* global window, document */
/* eslint-disable @typescript-eslint/no-this-alias -- ES5 style, as a script served to any browser: `var self = this` in the callbacks */
/**
 * Stand-in for Stripe.js v3 (`https://js.stripe.com/v3/`), served by the Stripe fake at `/v3/`
 * (test-only). It implements the subset of the documented API the store uses:
 *
 * - `Stripe(publishableKey, options?)`
 * - `stripe.elements({ mode: 'payment', amount, currency, locale })` -> `elements` with
 *   `create('payment' | 'expressCheckout', options)`, `getElement(type)`, `update(options)`,
 *   `submit()` -> `Promise<{ error? }>`
 * - element: `mount(selectorOrElement)`, `on(event, handler)`, `off(event, handler)`, `update()`,
 *   `focus()`, `clear()`, `unmount()`, `destroy()`. Payment Element events: `ready`, `change`
 *   `{ complete, empty, value: { type: 'card' } }`, `focus`, `blur`, `loaderror`. Express
 *   Checkout Element events: `ready` `{ availablePaymentMethods: { googlePay, applePay } | undefined }`,
 *   `click` `{ expressPaymentType, resolve(options?), reject() }`, `confirm`
 *   `{ expressPaymentType, paymentFailed() }`, `cancel`.
 * - `stripe.createConfirmationToken({ elements, params? })` -> `Promise<{ confirmationToken } | { error }>`
 * - `stripe.handleNextAction({ clientSecret })` -> `Promise<{ paymentIntent } | { error }>`
 *
 * Card data is typed into an iframe served by the fake's origin (`/elements/payment`), which posts
 * it to the fake's `POST /v1/confirmation_tokens` itself: the store's page never sees it (as with
 * the real Payment Element, PCI DSS SAQ A). The page talks to its frames with `postMessage`,
 * checking the fake's origin and the frame's window. Styles are set through the CSSOM only
 * (`element.style.x = …`), which a CSP without `'unsafe-inline'` allows.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  var ORIGIN = script && script.src ? new URL(script.src).origin : '__API_ORIGIN__';
  var nextId = 1;

  function uid(prefix) {
    nextId += 1;
    return prefix + '_' + Date.now().toString(36) + '_' + nextId + '_' + Math.random().toString(36).slice(2, 8);
  }

  function css(element, styles) {
    for (var key in styles) element.style[key] = styles[key];
    return element;
  }

  function emitter() {
    var handlers = {};
    return {
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== handler;
        });
      },
      emit: function (event, payload) {
        (handlers[event] || []).slice().forEach(function (h) {
          try {
            h(payload);
          } catch (error) {
            setTimeout(function () {
              throw error;
            });
          }
        });
      },
    };
  }

  /** Messages from a frame of ours: `{ source: 'stripe-fake', sid, type, ... }`. */
  var listeners = [];
  window.addEventListener('message', function (event) {
    if (event.origin !== ORIGIN) return;
    var data = event.data;
    if (!data || data.source !== 'stripe-fake') return;
    listeners.slice().forEach(function (l) {
      l(data, event);
    });
  });
  function listen(fn) {
    listeners.push(fn);
    return function () {
      listeners = listeners.filter(function (l) {
        return l !== fn;
      });
    };
  }

  function frameUrl(path, params) {
    var url = new URL(path, ORIGIN);
    for (var key in params)
      if (params[key] !== undefined && params[key] !== null) url.searchParams.set(key, String(params[key]));
    return url.toString();
  }

  function makeFrame(src, title, height) {
    var frame = document.createElement('iframe');
    frame.src = src;
    frame.title = title;
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.setAttribute('allow', 'payment *');
    css(frame, {
      border: '0',
      width: '100%',
      height: height + 'px',
      display: 'block',
      colorScheme: 'normal',
      background: 'transparent',
    });
    return frame;
  }

  /** Asks a frame something and waits for its answer (`{ type: reply, rid }`). */
  function ask(frame, sid, message, replyType, timeoutMs) {
    return new Promise(function (resolve) {
      var rid = uid('req');
      var timer = setTimeout(function () {
        stop();
        resolve({ error: { type: 'api_connection_error', message: 'The payment form did not answer.' } });
      }, timeoutMs || 15000);
      var stop = listen(function (data, event) {
        if (event.source !== frame.contentWindow || data.sid !== sid || data.type !== replyType || data.rid !== rid)
          return;
        clearTimeout(timer);
        stop();
        resolve(data);
      });
      message.source = 'stripe-fake';
      message.sid = sid;
      message.rid = rid;
      frame.contentWindow.postMessage(message, ORIGIN);
    });
  }

  /** A full-screen modal holding one frame of the fake's origin (3-D Secure, wallet sheet). */
  function modal(src, title, label) {
    var overlay = css(document.createElement('div'), {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      background: 'rgba(15, 23, 42, 0.55)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: '12px',
    });
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', label);
    var box = css(document.createElement('div'), {
      background: '#fff',
      borderRadius: '12px',
      width: '100%',
      maxWidth: '420px',
      boxShadow: '0 20px 50px rgba(0,0,0,0.3)',
      overflow: 'hidden',
    });
    var frame = makeFrame(src, title, 460);
    box.appendChild(frame);
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    return {
      frame: frame,
      close: function () {
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      },
    };
  }

  function resolveTarget(target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw new Error('Stripe stand-in: mount target not found: ' + target);
    return node;
  }

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._elements = {};
    this._express = null; // { type, element } while an express payment runs
  }

  Elements.prototype.create = function (type, options) {
    if (type !== 'payment' && type !== 'expressCheckout')
      throw new Error('Stripe stand-in: unsupported element ' + type);
    if (this._elements[type]) throw new Error('Stripe stand-in: only one ' + type + ' element per elements group');
    var element =
      type === 'payment' ? new PaymentElement(this, options || {}) : new ExpressCheckoutElement(this, options || {});
    this._elements[type] = element;
    return element;
  };

  Elements.prototype.getElement = function (type) {
    return this._elements[type] || null;
  };

  Elements.prototype.update = function (options) {
    for (var key in options) this._options[key] = options[key];
  };

  /** Validates what the customer entered (`{}` when complete; `{ error }` with the first problem). */
  Elements.prototype.submit = function () {
    if (this._express) return Promise.resolve({});
    var payment = this._elements.payment;
    if (!payment || !payment._frame) {
      return Promise.resolve({ error: { type: 'validation_error', message: 'No payment element is mounted.' } });
    }
    return ask(payment._frame, payment._sid, { type: 'submit' }, 'submit-result').then(function (reply) {
      return reply.error ? { error: reply.error } : {};
    });
  };

  function baseElement(elements, type, options) {
    var events = emitter();
    return {
      _elements: elements,
      _type: type,
      _options: options,
      _sid: uid('el'),
      _events: events,
      _frame: null,
      _stop: null,
      on: function (event, handler) {
        events.on(event, handler);
        return this;
      },
      off: function (event, handler) {
        events.off(event, handler);
        return this;
      },
      update: function (opts) {
        for (var key in opts) this._options[key] = opts[key];
      },
      unmount: function () {
        if (this._stop) this._stop();
        this._stop = null;
        if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
        this._frame = null;
      },
      destroy: function () {
        this.unmount();
        delete this._elements._elements[this._type];
      },
    };
  }

  function PaymentElement(elements, options) {
    var element = baseElement(elements, 'payment', options);
    element.mount = function (target) {
      var node = resolveTarget(target);
      var self = this;
      var frame = makeFrame(
        frameUrl('/elements/payment', {
          sid: self._sid,
          key: elements._stripe._key,
          locale: elements._options.locale || 'auto',
          parent: window.location.origin,
        }),
        'Secure payment input frame',
        190,
      );
      self._frame = frame;
      self._stop = listen(function (data, event) {
        if (event.source !== frame.contentWindow || data.sid !== self._sid) return;
        if (data.type === 'resize') frame.style.height = data.height + 'px';
        else if (data.type === 'ready') self._events.emit('ready', { elementType: 'payment' });
        else if (data.type === 'change') {
          self._events.emit('change', {
            elementType: 'payment',
            complete: data.complete,
            empty: data.empty,
            collapsed: false,
            value: { type: 'card' },
          });
        } else if (data.type === 'focus' || data.type === 'blur')
          self._events.emit(data.type, { elementType: 'payment' });
      });
      frame.addEventListener('error', function () {
        self._events.emit('loaderror', {
          elementType: 'payment',
          error: { type: 'api_connection_error', message: 'The payment form could not be loaded.' },
        });
      });
      node.appendChild(frame);
    };
    element.focus = function () {
      if (this._frame)
        this._frame.contentWindow.postMessage({ source: 'stripe-fake', sid: this._sid, type: 'focus' }, ORIGIN);
    };
    element.clear = function () {
      if (this._frame)
        this._frame.contentWindow.postMessage({ source: 'stripe-fake', sid: this._sid, type: 'clear' }, ORIGIN);
    };
    return element;
  }

  /** Which wallets this browser could use: Google Pay where the Payment Request API exists, Apple Pay with ApplePaySession. */
  function availableWallets(options) {
    var wanted = (options && options.paymentMethods) || {};
    var apple = Boolean(
      window.ApplePaySession && window.ApplePaySession.canMakePayments && window.ApplePaySession.canMakePayments(),
    );
    var google = typeof window.PaymentRequest === 'function';
    return {
      applePay: apple && wanted.applePay !== 'never',
      googlePay: google && wanted.googlePay !== 'never',
      link: false,
      paypal: false,
      amazonPay: false,
      klarna: false,
    };
  }

  function ExpressCheckoutElement(elements, options) {
    var element = baseElement(elements, 'expressCheckout', options);
    element.mount = function (target) {
      var node = resolveTarget(target);
      var self = this;
      var wallets = availableWallets(self._options);
      var names = ['googlePay', 'applePay'].filter(function (w) {
        return wallets[w];
      });
      if (names.length === 0) {
        // As Stripe's: `ready` without available methods; nothing is shown.
        setTimeout(function () {
          self._events.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: undefined });
        });
        return;
      }
      var frame = makeFrame(
        frameUrl('/elements/express-checkout', {
          sid: self._sid,
          key: elements._stripe._key,
          wallets: names.join(','),
          locale: elements._options.locale || 'auto',
        }),
        'Secure express checkout frame',
        48,
      );
      self._frame = frame;
      self._stop = listen(function (data, event) {
        if (event.source !== frame.contentWindow || data.sid !== self._sid) return;
        if (data.type === 'resize') frame.style.height = data.height + 'px';
        else if (data.type === 'ready') {
          self._events.emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: wallets });
        } else if (data.type === 'click') self._click(data.wallet);
      });
      node.appendChild(frame);
    };
    element._click = function (wallet) {
      var self = this;
      var expressPaymentType = wallet === 'applePay' ? 'apple_pay' : 'google_pay';
      var decided = false;
      var decide = function (ok) {
        if (decided) return;
        decided = true;
        if (ok) self._sheet(expressPaymentType);
      };
      var timer = setTimeout(function () {
        decide(false);
      }, 1000);
      self._events.emit('click', {
        elementType: 'expressCheckout',
        expressPaymentType: expressPaymentType,
        resolve: function () {
          clearTimeout(timer);
          decide(true);
        },
        reject: function () {
          clearTimeout(timer);
          decide(false);
        },
      });
    };
    /** The simulated wallet sheet (the browser's own in real life): Pay or Cancel. */
    element._sheet = function (expressPaymentType) {
      var self = this;
      var opts = elements._options;
      var sheet = modal(
        frameUrl('/elements/wallet-sheet', {
          sid: self._sid,
          wallet: expressPaymentType,
          amount: opts.amount,
          currency: opts.currency,
          locale: opts.locale || 'auto',
        }),
        'Wallet payment sheet',
        expressPaymentType === 'apple_pay' ? 'Apple Pay' : 'Google Pay',
      );
      var stop = listen(function (data, event) {
        if (event.source !== sheet.frame.contentWindow || data.sid !== self._sid || data.type !== 'sheet') return;
        stop();
        sheet.close();
        if (data.outcome !== 'pay') {
          self._events.emit('cancel', { elementType: 'expressCheckout' });
          return;
        }
        elements._express = { type: expressPaymentType, element: self };
        self._events.emit('confirm', {
          elementType: 'expressCheckout',
          expressPaymentType: expressPaymentType,
          billingDetails: { name: null, email: null, phone: null, address: null },
          paymentFailed: function () {
            elements._express = null;
          },
        });
      });
    };
    return element;
  }

  function StripeInstance(key, options) {
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0)
      throw new Error('Stripe stand-in: a publishable key (pk_…) is required');
    this._key = key;
    this._options = options || {};
  }

  StripeInstance.prototype.elements = function (options) {
    return new Elements(this, options);
  };

  /**
   * Creates a ConfirmationToken from the mounted Payment Element (the card typed in its frame) or
   * from the express payment just confirmed (a wallet: the fake's test card `4242…` with
   * `wallet[type]`). The frame posts to the fake's `/v1/confirmation_tokens`.
   */
  StripeInstance.prototype.createConfirmationToken = function (options) {
    var elements = options && options.elements;
    if (!elements)
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'elements is required' } });
    var express = elements._express;
    var target = express ? express.element : elements._elements.payment;
    if (!target || !target._frame) {
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'No payment element is mounted.' } });
    }
    var params = (options && options.params) || {};
    return ask(
      target._frame,
      target._sid,
      {
        type: 'create-token',
        wallet: express ? express.type : null,
        billingName:
          (params.payment_method_data &&
            params.payment_method_data.billing_details &&
            params.payment_method_data.billing_details.name) ||
          null,
      },
      'token-result',
    ).then(function (reply) {
      elements._express = null;
      if (reply.error) return { error: reply.error };
      return { confirmationToken: reply.token };
    });
  };

  /**
   * Runs the next action of a PaymentIntent (3-D Secure): shows the fake's challenge page
   * `/3ds/{pi}` in a modal and resolves once the customer decided. The page tells the outcome with
   * `parent.postMessage({ source: 'stripe-fake', type: '3ds-result', outcome: 'succeeded' | 'failed' }, '*')`
   * (e.g. through `<script src="/elements/3ds-result.js?outcome=…">` that this module serves); a
   * page that does not is taken as decided when it navigates (its form posted). The server's
   * confirmation decides the order either way.
   */
  StripeInstance.prototype.handleNextAction = function (options) {
    var secret = options && options.clientSecret;
    var match = typeof secret === 'string' ? /^(pi_[A-Za-z0-9]+)_secret_/.exec(secret) : null;
    if (!match) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Invalid clientSecret.' } });
    var pi = match[1];
    return new Promise(function (resolve) {
      var challenge = modal(frameUrl('/3ds/' + pi, { client_secret: secret }), '3D Secure challenge', '3D Secure');
      var loads = 0;
      var done = false;
      var finish = function (outcome) {
        if (done) return;
        done = true;
        stop();
        challenge.close();
        if (outcome === 'failed') {
          resolve({
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_authentication_failure',
              message:
                'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
              payment_intent: { id: pi, object: 'payment_intent', status: 'requires_payment_method' },
            },
          });
        } else {
          resolve({
            paymentIntent: {
              id: pi,
              object: 'payment_intent',
              status: outcome === 'succeeded' ? 'succeeded' : 'processing',
            },
          });
        }
      };
      var stop = listen(function (data, event) {
        if (event.source !== challenge.frame.contentWindow || data.type !== '3ds-result') return;
        finish(data.outcome);
      });
      challenge.frame.addEventListener('load', function () {
        loads += 1;
        if (loads >= 2)
          setTimeout(function () {
            finish('unknown');
          }, 300);
      });
    });
  };

  window.Stripe = function Stripe(key, options) {
    return new StripeInstance(key, options);
  };
  window.Stripe.version = 3;
  window.Stripe.standIn = true;
})();
