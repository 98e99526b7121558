/**
 * The Stripe.js subset the portal's card form uses, served by the fake Stripe server at /v3/:
 * Stripe(pk).elements().create('card') with mount/on/unmount/destroy/focus/clear, and
 * createPaymentMethod / confirmCardPayment talking to the fake's API like the real script talks
 * to api.stripe.com. The card element is a plain input labelled "Card number" (the real one is
 * an iframe): enough for the real UI flow to run in Chromium.
 */
export const FAKE_STRIPE_JS = String.raw`(function () {
  'use strict';
  var BASE = __FAKE_STRIPE_BASE__;

  function digits(value) { return String(value || '').replace(/\D+/g, ''); }
  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i += 1) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) { d = d * 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return n.length >= 12 && sum % 10 === 0;
  }
  function state(value) {
    var n = digits(value);
    if (n.length === 0) return { empty: true, complete: false, error: undefined };
    if (n.length < 16) return { empty: false, complete: false, error: undefined };
    if (!luhn(n)) return { empty: false, complete: false, error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
    return { empty: false, complete: true, error: undefined };
  }
  function form(params, prefix, out) {
    out = out || [];
    Object.keys(params).forEach(function (k) {
      var key = prefix ? prefix + '[' + k + ']' : k;
      var v = params[k];
      if (v !== null && typeof v === 'object') form(v, key, out);
      else if (v !== undefined) out.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
    });
    return out.join('&');
  }
  function call(pk, path, params) {
    return fetch(BASE + path, {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + pk, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form(params),
    }).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body }; });
    }, function () {
      return { ok: false, body: { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } } };
    });
  }

  function CardElement() {
    this._handlers = {};
    this._input = null;
    this._wrapper = null;
  }
  CardElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('Stripe (fake): mount target not found');
    var wrapper = document.createElement('div');
    wrapper.className = 'FakeStripeElement';
    var input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = 'cc-number';
    input.placeholder = '1234 1234 1234 1234';
    input.setAttribute('aria-label', 'Card number');
    input.style.width = '100%';
    input.style.border = '0';
    input.style.outline = 'none';
    input.style.font = 'inherit';
    input.style.background = 'transparent';
    var self = this;
    input.addEventListener('input', function () {
      var s = state(input.value);
      self._emit('change', { elementType: 'card', empty: s.empty, complete: s.complete, error: s.error });
    });
    input.addEventListener('focus', function () { self._emit('focus', { elementType: 'card' }); });
    input.addEventListener('blur', function () { self._emit('blur', { elementType: 'card' }); });
    wrapper.appendChild(input);
    host.appendChild(wrapper);
    this._input = input;
    this._wrapper = wrapper;
    setTimeout(function () { self._emit('ready', { elementType: 'card' }); }, 0);
  };
  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    this._handlers[event] = (this._handlers[event] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).forEach(function (h) { h(payload); });
  };
  CardElement.prototype.focus = function () { if (this._input) this._input.focus(); };
  CardElement.prototype.clear = function () { if (this._input) this._input.value = ''; };
  CardElement.prototype.unmount = function () {
    if (this._wrapper && this._wrapper.parentNode) this._wrapper.parentNode.removeChild(this._wrapper);
  };
  CardElement.prototype.destroy = function () { this.unmount(); this._handlers = {}; };

  window.Stripe = function Stripe(pk) {
    if (!pk) throw new Error('Stripe (fake): a publishable key is required');
    return {
      elements: function () {
        return { create: function (type) {
          if (type !== 'card') throw new Error('Stripe (fake): only the card element is implemented');
          return new CardElement();
        } };
      },
      createPaymentMethod: function (opts) {
        var card = opts && opts.card;
        var number = card && card._input ? digits(card._input.value) : '';
        if (!number) return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
        return call(pk, '/v1/payment_methods', { type: 'card', card: { number: number, exp_month: 12, exp_year: 2034, cvc: '123' } })
          .then(function (r) { return r.ok ? { paymentMethod: r.body } : { error: r.body.error }; });
      },
      confirmCardPayment: function (clientSecret) {
        var id = String(clientSecret).split('_secret_')[0];
        return call(pk, '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', { client_secret: clientSecret })
          .then(function (r) { return r.ok ? { paymentIntent: r.body } : { error: r.body.error }; });
      },
    };
  };
})();
`;
