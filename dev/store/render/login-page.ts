import { html, jsonScript, type SafeHtml } from "./html";

/**
 * The login page as login.auchan.pt has it (a Salesforce page, data/selectors/pages/login of the seed's
 * project): `#uname1` (type email), `#pwd1` (name `passwordLogin`), a honeypot `#potfield`, and
 * `#btnSubmit_login`, a `type="button"`: its click runs an AJAX `login()` and, on success, sends the
 * browser back to the store; a refusal opens `#errorModal` with the store's words. Enter in a field
 * clicks the button, as on the real page.
 */
export const renderLoginPage = (startUrl: string): string =>
  `<!DOCTYPE html>\n${
    html`<html class="h-100"><head><meta charset="UTF-8"><title>Aceda à sua conta</title>
<style>.hfield{position:absolute;left:-9999px}.modal{display:none}.modal.show{display:block}.d-none{display:none}</style>
</head>
<body class="text-center h-100 w-100">
<div class="container" id="login">
  <div class="row"><div class="col-md-12 py-3">
    <input class="hfield" id="potfield" type="text">
    <div class="card rounded">
      <div class="card-header"><h3 class="mb-0">Aceda à sua conta</h3></div>
      <div class="card-body">
        <form id="j_id0:j_id17" name="j_id0:j_id17" method="post" action="/ARCD_CIAM_Login">
          <div class="form-group"><label for="uname1">Email</label>
            <input class="form-control form-control-lg" id="uname1" mandatory="true" name="uname1" type="email"></div>
          <div class="form-group" id="passwordBlock"><label>Palavra-passe</label>
            <input class="form-control form-control-lg" id="pwd1" mandatory="true" name="passwordLogin" type="password"></div>
          <div class="form-group">
            <input class="btn btn-success btn-lg align-middle w-100" id="btnSubmit_login" type="button" value="Aceda à sua conta">
            <button class="btn btn-success btn-lg align-middle w-100 d-none" id="spinner" type="button"></button>
          </div>
        </form>
      </div>
    </div>
  </div></div>
</div>
<div aria-hidden="true" class="modal fade" id="errorModal" role="dialog" tabindex="-1"><div class="modal-dialog"><div class="modal-content">
  <div class="modal-header"><h5 class="modal-title"></h5></div><div class="modal-body"></div>
  <div class="modal-footer"><button class="btn btn-primary" data-dismiss="modal" id="modalButton" type="button">Continuação</button></div>
</div></div></div>
<script>
var startURL = ${jsonScript(startUrl)};
function openModal(title, message) {
  var modal = document.getElementById("errorModal");
  modal.querySelector(".modal-title").textContent = title;
  modal.querySelector(".modal-body").textContent = message;
  modal.classList.add("show");
}
function login(username, password, startUrl, hpot) {
  var body = new URLSearchParams({ uname1: username, passwordLogin: password, startURL: startUrl, hpot: hpot });
  fetch("/ARCD_CIAM_Login", { method: "POST", body: body, credentials: "same-origin" })
    .then(function (response) { return response.json(); })
    .then(function (answer) {
      if (answer.redirect) { window.location = answer.redirect; return; }
      document.getElementById("spinner").classList.add("d-none");
      openModal("", answer.error || "Erro");
    });
}
document.getElementById("btnSubmit_login").addEventListener("click", function () {
  if (document.getElementById("potfield").value) { window.location.reload(); return; }
  document.getElementById("spinner").classList.remove("d-none");
  login(document.getElementById("uname1").value.trim(), document.getElementById("pwd1").value, startURL,
    document.getElementById("potfield").value);
});
document.addEventListener("keyup", function (event) {
  if (event.key === "Enter") document.getElementById("btnSubmit_login").click();
});
</script>
</body></html>`.value
  }\n`;

/** What the login shows an account that needs a person: a captcha, or a code sent by SMS. */
export const renderChallengePage = (kind: "captcha" | "second_factor"): string =>
  `<!DOCTYPE html>\n${
    (kind === "captcha"
      ? html`<html><head><meta charset="UTF-8"><title>Verificação de segurança</title></head><body>
<h1>Confirme que não é um robô</h1><div class="g-recaptcha" style="width:300px;height:80px"></div></body></html>`
      : html`<html><head><meta charset="UTF-8"><title>Código de verificação</title></head><body>
<h1>Introduza o código que enviámos por SMS</h1>
<input autocomplete="one-time-code" name="verificationCode" type="text"></body></html>`
    ).value
  }\n`;

/** The header's account corner: the Login link for a visitor, the greeting for a signed-in account. */
export const renderHeaderAccount = (signedInName: string | undefined, loginPath: string): SafeHtml =>
  signedInName === undefined
    ? html`<div class="auc-header-account"><a href="${loginPath}"><span>Login</span></a></div>`
    : html`<div class="auc-header-account"><span class="auc-header__user-name">Olá, ${signedInName}</span></div>`;

/** The OneTrust cookie banner a first visit shows (its accept button sets the consent cookie). */
export const renderCookieBanner = (): SafeHtml =>
  html`<div id="onetrust-banner-sdk" role="alertdialog" style="position:fixed;bottom:0;left:0;right:0;background:#fff;z-index:1000">
<p id="onetrust-policy-text">Ao clicar em "Aceitar todos os cookies", concorda com o armazenamento de cookies no seu dispositivo.</p>
<button id="onetrust-accept-btn-handler" type="button" onclick="document.cookie='OptanonAlertBoxClosed=1; path=/';document.getElementById('onetrust-banner-sdk').remove()">Aceitar todos os cookies</button>
</div>`;
