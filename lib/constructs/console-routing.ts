/**
 * The console's CloudFront viewer-request function (cloudfront-js-2.0), as source text: `/` and `/console`
 * go to `/console/`, and a page's URL under /console/ (a last segment with no dot, such as
 * `/console/shop/runs/{runId}`) is answered with `/console/index.html`, the console routing in the browser.
 * A file's URL (`/console/assets/index-abc.js`, `/console/config.json`) is fetched as it is, so a missing
 * file stays a 404 instead of an HTML page. Kept as text so a unit test runs the very code CloudFront runs.
 */
export const CONSOLE_PREFIX = "/console/";

export const consoleRoutingSource = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === "/" || uri === "/console") {
    return { statusCode: 308, statusDescription: "Permanent Redirect", headers: { location: { value: "${CONSOLE_PREFIX}" } } };
  }
  if (uri.indexOf("${CONSOLE_PREFIX}") === 0) {
    var last = uri.substring(uri.lastIndexOf("/") + 1);
    if (last.indexOf(".") === -1) request.uri = "${CONSOLE_PREFIX}index.html";
  }
  return request;
}
`;
