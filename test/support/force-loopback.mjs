/**
 * Preloaded (`node --import`) into a published example server that listens on every interface
 * (`0.0.0.0`): its `listen(port)` binds 127.0.0.1 instead, so tests never open a port to the
 * network, and the port it got is printed as `LISTENING <port>` for the test to read.
 */
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  this.once('listening', () => process.stdout.write(`LISTENING ${this.address().port}\n`));
  return listen.apply(this, args);
};
