// Emitters made the old way, and what their constructors run at once.
var EventEmitter = require('events').EventEmitter;
var util = require('util');

// var self = this in a util.inherits constructor.
function Pool(opts) {
  EventEmitter.call(this);
  var self = this;
  self.size = opts.size;
  self.emit('created'); // want "self.emit\\('created'\\) in the constructor of Pool runs before the caller can attach a listener"
}
util.inherits(Pool, EventEmitter);

// Object.create subclassing; the emit is in a prototype method the
// constructor calls.
function Watcher() {
  EventEmitter.call(this);
  this._start();
}
Watcher.prototype = Object.create(EventEmitter.prototype);
Watcher.prototype._start = function () {
  this.emit('start'); // want "this.emit\\('start'\\) in Watcher._start, called from the constructor of Watcher \\(line 18\\)"
};

// A helper given the new object.
function announce(emitter, what) {
  emitter.emit(what); // want "emitter.emit\\(...\\) in announce, called from the constructor of Server \\(line 30\\)"
}
class Server extends EventEmitter {
  constructor() { super(); announce(this, 'listening'); }
}

// A function run with the new object as its this; setPrototypeOf.
function init() {
  this.emit('init'); // want "in init, called from the constructor of Job"
}
function Job() { init.call(this); }
Object.setPrototypeOf(Job.prototype, EventEmitter.prototype);

// A mixin: Object.assign of the prototype.
function Feed() { this.emit('open'); } // want "constructor of Feed"
Object.assign(Feed.prototype, EventEmitter.prototype);

// Deferred, or listening first: fine.
function Quiet() {
  EventEmitter.call(this);
  var self = this;
  process.nextTick(function () { self.emit('ready'); });
}
util.inherits(Quiet, EventEmitter);
Quiet.prototype.close = function () { this.emit('close'); };

function Ear() {
  EventEmitter.call(this);
  this.on('x', function () {});
  this.emit('x');
}
util.inherits(Ear, EventEmitter);
