// The OAuth client of realbug_clientsecret.js: the constructor keeps a
// secret generator, and each token exchange (an async method that hands
// back a promise it makes) asks it for a fresh client secret.
const https = require('https');
const ClientSecret = require('../realbug_clientsecret.js');
class OAuthClient {
  constructor(keyPath) {
    this.secret = new ClientSecret(keyPath);
  }
  async exchange(code) {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify({ code, client_secret: this.secret.generate((claims, key) => claims.iat + String(key)) });
      const req = https.request({ method: 'POST', host: 'auth.example', path: '/token' }, (res) => resolve(res.statusCode));
      req.on('error', reject);
      req.end(body);
    });
  }
}
module.exports = OAuthClient;
