// Preloaded (`node --import`) into a tool that must work offline: every DNS lookup and outgoing socket is
// refused and reported on stderr as `network refused: <target>`, so a test can prove the tool tried none.
import dns from "node:dns";
import net from "node:net";

const report = (target) => {
  process.stderr.write(`network refused: ${target}\n`);
  return new Error(`network refused: ${target}`);
};

const refuseLookup =
  (name) =>
  (hostname, ...rest) => {
    const callback = rest.findLast((argument) => typeof argument === "function");
    const error = report(`${name} ${hostname}`);
    if (callback) process.nextTick(() => callback(error));
  };
for (const name of ["lookup", "resolve", "resolve4", "resolve6", "resolveAny"])
  dns[name] = refuseLookup(name);
for (const name of ["lookup", "resolve", "resolve4", "resolve6", "resolveAny"]) {
  dns.promises[name] = async (hostname) => {
    throw report(`${name} ${hostname}`);
  };
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options =
    typeof args[0] === "object" && args[0] !== null ? args[0] : { port: args[0], host: args[1] };
  if (options.path !== undefined) return originalConnect.apply(this, args);
  const error = report(`connect ${options.host ?? "localhost"}:${options.port}`);
  process.nextTick(() => this.destroy(error));
  return this;
};
