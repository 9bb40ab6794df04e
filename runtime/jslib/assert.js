'use strict';
// looplint: Node.js 'assert' module for the sandboxed runtime. Module body;
// wrapped by the runtime as
//   (function (exports, require, module, __internal) { ... })
// Messages follow Node 20's wording. Values are rendered with the host's
// util.inspect (__internal.inspect) using the options Node's assert uses.

const ReflectApply = Reflect.apply;
const ObjectDefineProperty = Object.defineProperty;
const ObjectKeys = Object.keys;
const ObjectIs = Object.is;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const PromiseCtor = Promise;
const PromisePrototypeThen = Promise.prototype.then;
const RegExpPrototypeExec = RegExp.prototype.exec;
const RegExpPrototypeToString = RegExp.prototype.toString;
const StringCtor = String;
const SymbolFor = Symbol.for;
const MathMax = Math.max;

const util = require('util');
const isDeepEqualImpl = util[SymbolFor('looplint.util.isDeepEqual')];
const utilTypes = util.types;
const isRegExp = utilTypes.isRegExp;
const isPromise = utilTypes.isPromise;
const isNativeError = utilTypes.isNativeError;

const internal = __internal;

// A message is text made from inspect's output: a host that cannot
// render values exactly (the predictor) takes it as one unknown value.
const opaque = typeof internal.opaque === 'function' ? internal.opaque
  : (f, ...args) => ReflectApply(f, undefined, args);

function isDeepEqual(a, b) { return isDeepEqualImpl(a, b, false); }
function isDeepStrictEqual(a, b) { return isDeepEqualImpl(a, b, true); }

function inspect(value, opts) {
  return internal.inspect(value, opts);
}

// The options Node's assert uses for values in messages.
const kInspectOptions = {
  compact: false,
  customInspect: false,
  depth: 1000,
  maxArrayLength: Infinity,
  showHidden: false,
  showProxy: false,
  sorted: true,
  getters: true,
};

function inspectValue(value) {
  return inspect(value, kInspectOptions);
}

function split(str) {
  return str.split('\n');
}

function repeat(s, n) {
  let out = '';
  for (let i = 0; i < n; i++) out += s;
  return out;
}

// ---------------------------------------------------------------------------
// Errors

const { makeNodeError, describeReceived } = require('_errors');

function invalidArgType(name, expected, value) {
  return makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
    `The "${name}" argument must be ${expected}.${describeReceived(value)}`);
}

const kReadableOperator = {
  deepStrictEqual: 'Expected values to be strictly deep-equal:',
  strictEqual: 'Expected values to be strictly equal:',
  strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
  deepEqual: 'Expected values to be loosely deep-equal:',
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
  notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
  notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
  notIdentical: 'Values identical but not reference-equal:',
  sameStructure: 'Values have same structure but are not reference-equal:',
  notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:',
};

const kMaxShortLength = 12;

function isObjectish(v) {
  return (typeof v === 'object' && v !== null) || typeof v === 'function';
}

// Builds the "+ actual - expected" message Node prints for strictEqual and
// deepStrictEqual. Lines are compared position by position.
function createErrDiff(actual, expected, operator, header) {
  let other = '';
  let res = '';
  let end = '';
  let skipped = false;
  const actualInspected = inspectValue(actual);
  const actualLines = split(actualInspected);
  const expectedLines = split(inspectValue(expected));
  let i = 0;
  let indicator = '';

  if (operator === 'strictEqual' &&
      ((typeof actual === 'object' && actual !== null &&
        typeof expected === 'object' && expected !== null) ||
       (typeof actual === 'function' && typeof expected === 'function'))) {
    operator = 'strictEqualObject';
  }
  if (header === undefined) header = kReadableOperator[operator];

  if (actualLines.length === 1 && expectedLines.length === 1 &&
      actualLines[0] !== expectedLines[0]) {
    const a = actualLines[0];
    const b = expectedLines[0];
    const inputLength = a.length + b.length;
    if (inputLength <= kMaxShortLength) {
      if ((typeof actual !== 'object' || actual === null) &&
          (typeof expected !== 'object' || expected === null) &&
          (actual !== 0 || expected !== 0)) {
        return `${header}\n\n${a} !== ${b}\n`;
      }
    } else if (operator !== 'strictEqualObject' && inputLength < 80) {
      while (a[i] === b[i]) i++;
      if (i > 2) {
        indicator = `\n  ${repeat(' ', i)}^`;
        i = 0;
      }
    }
  }

  // Identical trailing lines are kept out of the diff (up to three printed).
  let a = actualLines[actualLines.length - 1];
  let b = expectedLines[expectedLines.length - 1];
  while (a === b) {
    if (i++ < 3) end = `\n  ${a}${end}`;
    else other = a;
    actualLines.length--;
    expectedLines.length--;
    if (actualLines.length === 0 || expectedLines.length === 0) break;
    a = actualLines[actualLines.length - 1];
    b = expectedLines[expectedLines.length - 1];
  }

  const maxLines = MathMax(actualLines.length, expectedLines.length);
  if (maxLines === 0) {
    const lines = split(actualInspected);
    const base = operator === 'strictEqualObject' && typeof actual === 'object'
      ? kReadableOperator.sameStructure : kReadableOperator.notIdentical;
    return `${base}\n\n${lines.join('\n')}\n`;
  }
  if (i >= 5) {
    end = `\n...${end}`;
    skipped = true;
  }
  if (other !== '') {
    end = `\n  ${other}${end}`;
    other = '';
  }

  let printedLines = 0;
  let identical = 0;
  const msg = `${header}\n+ actual - expected`;
  const skippedMsg = ' ... Lines skipped';
  let lines = actualLines;
  let plusMinus = '+';
  let maxLength = expectedLines.length;
  if (actualLines.length < maxLines) {
    lines = expectedLines;
    plusMinus = '-';
    maxLength = actualLines.length;
  }

  function flushIdentical(src) {
    if (identical > 2) {
      if (identical > 3) {
        if (identical > 4) {
          if (identical === 5) {
            res += `\n  ${src[i - 3]}`;
            printedLines++;
          } else {
            res += '\n...';
            skipped = true;
          }
        }
        res += `\n  ${src[i - 2]}`;
        printedLines++;
      }
      res += `\n  ${src[i - 1]}`;
      printedLines++;
    }
    identical = 0;
  }

  for (i = 0; i < maxLines; i++) {
    if (maxLength < i + 1) {
      flushIdentical(lines);
      if (lines === actualLines) res += `\n${plusMinus} ${lines[i]}`;
      else other += `\n${plusMinus} ${lines[i]}`;
      printedLines++;
    } else {
      const expectedLine = expectedLines[i];
      let actualLine = actualLines[i];
      let diverging = actualLine !== expectedLine &&
        (!actualLine.endsWith(',') || actualLine.slice(0, -1) !== expectedLine);
      if (diverging && expectedLine.endsWith(',') && expectedLine.slice(0, -1) === actualLine) {
        diverging = false;
        actualLine += ',';
      }
      if (diverging) {
        flushIdentical(actualLines);
        res += `\n+ ${actualLine}`;
        other += `\n- ${expectedLine}`;
        printedLines += 2;
      } else {
        res += other;
        other = '';
        identical++;
        if (identical <= 2) {
          res += `\n  ${actualLine}`;
          printedLines++;
        }
      }
    }
    if (printedLines > 50 && i < maxLines - 2) {
      return `${msg}${skippedMsg}\n${res}\n...${other}\n...`;
    }
  }
  return `${msg}${skipped ? skippedMsg : ''}\n${res}${other}${end}${indicator}`;
}

function generatedMessage(actual, expected, operator) {
  if (operator === 'deepStrictEqual' || operator === 'strictEqual') {
    return createErrDiff(actual, expected, operator);
  }
  if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
    let base = kReadableOperator[operator];
    const res = split(inspectValue(actual));
    if (operator === 'notStrictEqual' && isObjectish(actual)) {
      base = kReadableOperator.notStrictEqualObject;
    }
    if (res.length > 50) {
      res[46] = '...';
      res.length = 47;
    }
    if (res.length === 1) return `${base}${res[0].length > 5 ? '\n\n' : ' '}${res[0]}`;
    return `${base}\n\n${res.join('\n')}\n`;
  }
  let res = inspectValue(actual);
  let other = inspectValue(expected);
  const known = kReadableOperator[operator];
  if (operator === 'notDeepEqual' && res === other) {
    res = `${known}\n\n${res}`;
    if (res.length > 1024) res = `${res.slice(0, 1021)}...`;
    return res;
  }
  if (res.length > 512) res = `${res.slice(0, 509)}...`;
  if (other.length > 512) other = `${other.slice(0, 509)}...`;
  if (operator === 'deepEqual') {
    res = `${known}\n\n${res}\n\nshould loosely deep-equal\n\n`;
  } else {
    const unequal = kReadableOperator[`${operator}Unequal`];
    if (unequal) res = `${unequal}\n\n${res}\n\nshould not loosely deep-equal\n\n`;
    else other = ` ${operator} ${other}`;
  }
  return `${res}${other}`;
}

class AssertionError extends ErrorCtor {
  constructor(options) {
    if (options === null || typeof options !== 'object') {
      throw invalidArgType('options', 'of type object', options);
    }
    const { message, operator, actual, expected } = options;
    let text;
    if (message != null) {
      if (operator === 'deepStrictEqual' || operator === 'strictEqual') {
        text = opaque(createErrDiff, actual, expected, operator, StringCtor(message));
      } else {
        text = StringCtor(message);
      }
    } else {
      text = opaque(generatedMessage, actual, expected, operator);
    }
    super(text);
    // Before 12 the name carried the code (loop profile "errors:plain name").
    const name = internal.has('errors:plain name') ? 'AssertionError' : 'AssertionError [ERR_ASSERTION]';
    ObjectDefineProperty(this, 'name', {
      __proto__: null, value: name, enumerable: false, writable: true, configurable: true,
    });
    this.generatedMessage = !message;
    this.code = 'ERR_ASSERTION';
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    if (typeof ErrorCtor.captureStackTrace === 'function') {
      ErrorCtor.captureStackTrace(this, options.stackStartFn || options.stackStartFunction);
    }
  }

  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}

function innerFail(obj) {
  if (obj.message instanceof ErrorCtor) throw obj.message;
  throw new AssertionError(obj);
}

// ---------------------------------------------------------------------------
// The assert function and its methods

function innerOk(fn, argLen, value, message) {
  if (value) return;
  let generated = false;
  if (argLen === 0) {
    generated = true;
    message = 'No value argument passed to `assert.ok()`';
  } else if (message == null) {
    // Node quotes the call-site source here; the sandbox has no access to
    // it, so use Node's own fallback for sources it cannot read.
    generated = true;
    message = `${inspect(value)} == true`;
  } else if (message instanceof ErrorCtor) {
    throw message;
  }
  const err = new AssertionError({
    actual: value, expected: true, message, operator: '==', stackStartFn: fn,
  });
  err.generatedMessage = generated;
  throw err;
}

function ok(...args) {
  innerOk(ok, args.length, args[0], args[1]);
}

// The module itself is `ok` (require('assert').name === 'ok' in Node).
const assertModule = ok;

function requireTwoArgs(n) {
  if (n < 2) {
    throw makeNodeError(TypeErrorCtor, 'ERR_MISSING_ARGS',
      'The "actual" and "expected" arguments must be specified');
  }
}

assertModule.fail = function fail(actual, expected, message, operator, stackStartFn) {
  const argsLen = arguments.length;
  let internalMessage = false;
  if (actual == null && argsLen <= 1) {
    internalMessage = true;
    message = 'Failed';
  } else if (argsLen === 1) {
    message = actual;
    actual = undefined;
  } else {
    if (argsLen === 2) operator = '!=';
  }
  if (message instanceof ErrorCtor) throw message;
  const errArgs = {
    actual, expected, operator: operator === undefined ? 'fail' : operator,
    stackStartFn: stackStartFn || fail, message,
  };
  const err = new AssertionError(errArgs);
  if (internalMessage) err.generatedMessage = true;
  throw err;
};

assertModule.AssertionError = AssertionError;
assertModule.ok = ok;

assertModule.equal = function equal(actual, expected, message) {
  requireTwoArgs(arguments.length);
  // eslint-disable-next-line eqeqeq
  if (actual != expected && (!(actual !== actual) || !(expected !== expected))) {
    innerFail({ actual, expected, message, operator: '==', stackStartFn: equal });
  }
};

assertModule.notEqual = function notEqual(actual, expected, message) {
  requireTwoArgs(arguments.length);
  // eslint-disable-next-line eqeqeq
  if (actual == expected || (actual !== actual && expected !== expected)) {
    innerFail({ actual, expected, message, operator: '!=', stackStartFn: notEqual });
  }
};

assertModule.deepEqual = function deepEqual(actual, expected, message) {
  requireTwoArgs(arguments.length);
  if (!isDeepEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'deepEqual', stackStartFn: deepEqual });
  }
};

assertModule.notDeepEqual = function notDeepEqual(actual, expected, message) {
  requireTwoArgs(arguments.length);
  if (isDeepEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'notDeepEqual', stackStartFn: notDeepEqual });
  }
};

assertModule.deepStrictEqual = function deepStrictEqual(actual, expected, message) {
  requireTwoArgs(arguments.length);
  if (!isDeepStrictEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: deepStrictEqual });
  }
};

assertModule.notDeepStrictEqual = function notDeepStrictEqual(actual, expected, message) {
  requireTwoArgs(arguments.length);
  if (isDeepStrictEqual(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'notDeepStrictEqual', stackStartFn: notDeepStrictEqual });
  }
};

assertModule.strictEqual = function strictEqual(actual, expected, message) {
  requireTwoArgs(arguments.length);
  if (!ObjectIs(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'strictEqual', stackStartFn: strictEqual });
  }
};

assertModule.notStrictEqual = function notStrictEqual(actual, expected, message) {
  requireTwoArgs(arguments.length);
  if (ObjectIs(actual, expected)) {
    innerFail({ actual, expected, message, operator: 'notStrictEqual', stackStartFn: notStrictEqual });
  }
};

// --- throws / rejects ---------------------------------------------------------

const NO_EXCEPTION = {};

function getActual(fn) {
  if (typeof fn !== 'function') throw invalidArgType('fn', 'of type function', fn);
  try {
    fn();
  } catch (e) {
    return e;
  }
  return NO_EXCEPTION;
}

function checkIsPromise(obj) {
  return isPromise(obj) ||
    (obj !== null && typeof obj === 'object' && typeof obj.then === 'function' &&
     typeof obj.catch === 'function');
}

function thenCall(promise, onFulfilled, onRejected) {
  if (promise instanceof PromiseCtor) {
    return ReflectApply(PromisePrototypeThen, promise, [onFulfilled, onRejected]);
  }
  return promise.then(onFulfilled, onRejected);
}

function waitForActual(promiseFn) {
  return new PromiseCtor((resolve, reject) => {
    let resultPromise;
    if (typeof promiseFn === 'function') {
      resultPromise = promiseFn();
      if (!checkIsPromise(resultPromise)) {
        throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_RETURN_VALUE',
          'Expected instance of Promise to be returned from the "promiseFn" function but got ' +
          `${describeReceived(resultPromise).slice(10)}.`);
      }
    } else if (checkIsPromise(promiseFn)) {
      resultPromise = promiseFn;
    } else {
      throw invalidArgType('promiseFn', 'of type function or an instance of Promise', promiseFn);
    }
    thenCall(resultPromise, () => resolve(NO_EXCEPTION), (e) => resolve(e));
  });
}

function errorLabel(value) {
  // String(err) without trusting a user-defined toString too much.
  try {
    return StringCtor(value);
  } catch {
    return inspect(value);
  }
}

function compareExceptionKey(actual, expected, key, message, keys, fn) {
  if (!(key in actual) || !isDeepStrictEqual(actual[key], expected[key])) {
    if (!message) {
      // Compare only the listed keys, as Node does.
      const a = new Comparison(actual, keys);
      const b = new Comparison(expected, keys, actual);
      const err = new AssertionError({ actual: a, expected: b, operator: 'deepStrictEqual', stackStartFn: fn });
      err.actual = actual;
      err.expected = expected;
      err.operator = fn.name;
      throw err;
    }
    innerFail({ actual, expected, message, operator: fn.name, stackStartFn: fn });
  }
}

class Comparison {
  constructor(obj, keys, actual) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key in obj) {
        if (actual !== undefined && typeof actual[key] === 'string' && isRegExp(obj[key]) &&
            ReflectApply(RegExpPrototypeExec, obj[key], [actual[key]]) !== null) {
          this[key] = actual[key];
        } else {
          this[key] = obj[key];
        }
      }
    }
  }
}

function expectedException(actual, expected, message, fn) {
  let generatedMessage = false;
  let throwError = false;

  if (typeof expected !== 'function') {
    if (isRegExp(expected)) {
      const str = errorLabel(actual);
      if (ReflectApply(RegExpPrototypeExec, expected, [str]) !== null) return;
      if (!message) {
        generatedMessage = true;
        message = 'The input did not match the regular expression ' +
          `${ReflectApply(RegExpPrototypeToString, expected, [])}. Input:\n\n${inspect(str)}\n`;
      }
      throwError = true;
    } else if (typeof actual !== 'object' || actual === null) {
      const err = new AssertionError({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: fn });
      err.operator = fn.name;
      throw err;
    } else {
      const keys = ObjectKeys(expected);
      if (expected instanceof ErrorCtor) {
        keys[keys.length] = 'name';
        keys[keys.length] = 'message';
      } else if (keys.length === 0) {
        throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_VALUE',
          `The argument 'error' may not be an empty object. Received {}`);
      }
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        if (typeof actual[key] === 'string' && isRegExp(expected[key]) &&
            ReflectApply(RegExpPrototypeExec, expected[key], [actual[key]]) !== null) {
          continue;
        }
        compareExceptionKey(actual, expected, key, message, keys, fn);
      }
      return;
    }
  } else if (expected.prototype !== undefined && actual instanceof expected) {
    return;
  } else if (ErrorCtor.isPrototypeOf(expected)) {
    if (!message) {
      generatedMessage = true;
      message = 'The error is expected to be an instance of ' +
        `"${expected.name}". Received `;
      if (isNativeError(actual) || actual instanceof ErrorCtor) {
        const name = (actual.constructor && actual.constructor.name) || actual.name;
        if (expected.name === name) {
          message += 'an error with identical name but a different prototype.';
        } else {
          message += `"${name}"`;
        }
        if (actual.message) message += `\n\nError message:\n\n${actual.message}`;
      } else {
        message += `"${inspect(actual, { depth: -1 })}"`;
      }
    }
    throwError = true;
  } else {
    const res = ReflectApply(expected, {}, [actual]);
    if (res !== true) {
      if (!message) {
        generatedMessage = true;
        const name = expected.name ? `"${expected.name}" ` : '';
        message = `The ${name}validation function is expected to return` +
          ` "true". Received ${inspect(res)}`;
        if (isNativeError(actual) || actual instanceof ErrorCtor) {
          message += `\n\nCaught error:\n\n${errorLabel(actual)}`;
        }
      }
      throwError = true;
    }
  }

  if (throwError) {
    const err = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
    err.generatedMessage = generatedMessage;
    throw err;
  }
}

function expectsError(fn, actual, error, message) {
  if (typeof error === 'string') {
    if (arguments.length === 4) {
      throw invalidArgType('error', 'of type function or an instance of Error, RegExp, or Object', error);
    }
    message = error;
    error = undefined;
  } else if (error != null && typeof error !== 'object' && typeof error !== 'function') {
    throw invalidArgType('error', 'of type function or an instance of Error, RegExp, or Object', error);
  }

  if (actual === NO_EXCEPTION) {
    let details = '';
    if (error && error.name) details += ` (${error.name})`;
    details += message ? `: ${message}` : '.';
    const fnType = fn.name === 'rejects' ? 'rejection' : 'exception';
    innerFail({
      actual: undefined, expected: error, operator: fn.name,
      message: `Missing expected ${fnType}${details}`, stackStartFn: fn,
    });
  }
  if (error !== undefined && error !== null) expectedException(actual, error, message, fn);
}

function hasMatchingError(actual, expected) {
  if (typeof expected !== 'function') {
    if (isRegExp(expected)) {
      return ReflectApply(RegExpPrototypeExec, expected, [errorLabel(actual)]) !== null;
    }
    throw invalidArgType('expected', 'of type function or an instance of RegExp', expected);
  }
  if (expected.prototype !== undefined && actual instanceof expected) return true;
  if (ErrorCtor.isPrototypeOf(expected)) return false;
  return ReflectApply(expected, {}, [actual]) === true;
}

function expectsNoError(fn, actual, error, message) {
  if (actual === NO_EXCEPTION) return;
  if (typeof error === 'string') {
    message = error;
    error = undefined;
  }
  if (!error || hasMatchingError(actual, error)) {
    const details = message ? `: ${message}` : '.';
    const fnType = fn.name === 'doesNotReject' ? 'rejection' : 'exception';
    innerFail({
      actual, expected: error, operator: fn.name,
      message: `Got unwanted ${fnType}${details}\n` +
        `Actual message: "${actual && actual.message}"`,
      stackStartFn: fn,
    });
  }
  throw actual;
}

function withArgs(fn, actual, rest) {
  const list = [fn, actual];
  for (let i = 0; i < rest.length; i++) list[i + 2] = rest[i];
  return list;
}

assertModule.throws = function throws(promiseFn, ...args) {
  ReflectApply(expectsError, undefined, withArgs(throws, getActual(promiseFn), args));
};

assertModule.rejects = async function rejects(promiseFn, ...args) {
  const actual = await waitForActual(promiseFn);
  ReflectApply(expectsError, undefined, withArgs(rejects, actual, args));
};

assertModule.doesNotThrow = function doesNotThrow(fn, ...args) {
  ReflectApply(expectsNoError, undefined, withArgs(doesNotThrow, getActual(fn), args));
};

assertModule.doesNotReject = async function doesNotReject(fn, ...args) {
  const actual = await waitForActual(fn);
  ReflectApply(expectsNoError, undefined, withArgs(doesNotReject, actual, args));
};

assertModule.ifError = function ifError(err) {
  if (err !== null && err !== undefined) {
    let message = 'ifError got unwanted exception: ';
    if (typeof err === 'object' && typeof err.message === 'string') {
      if (err.message.length === 0 && err.constructor) message += err.constructor.name;
      else message += err.message;
    } else {
      message += inspect(err);
    }
    const newErr = new AssertionError({
      actual: err, expected: null, operator: 'ifError', message, stackStartFn: ifError,
    });
    throw newErr;
  }
};

function internalMatch(string, regexp, message, fn) {
  if (!isRegExp(regexp)) {
    throw invalidArgType('regexp', 'an instance of RegExp', regexp);
  }
  const match = fn.name === 'match';
  if (typeof string !== 'string' ||
      (ReflectApply(RegExpPrototypeExec, regexp, [string]) !== null) !== match) {
    if (message instanceof ErrorCtor) throw message;
    const generated = !message;
    const re = ReflectApply(RegExpPrototypeToString, regexp, []);
    message = message || (typeof string !== 'string'
      ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
      : (match
        ? 'The input did not match the regular expression '
        : 'The input was expected to not match the regular expression ') +
        `${re}. Input:\n\n${inspect(string)}\n`);
    const err = new AssertionError({
      actual: string, expected: regexp, message, operator: fn.name, stackStartFn: fn,
    });
    err.generatedMessage = generated;
    throw err;
  }
}

assertModule.match = function match(string, regexp, message) {
  internalMatch(string, regexp, message, match);
};

assertModule.doesNotMatch = function doesNotMatch(string, regexp, message) {
  internalMatch(string, regexp, message, doesNotMatch);
};

// --- strict mode --------------------------------------------------------------

function strict(...args) {
  innerOk(strict, args.length, args[0], args[1]);
}

const names = ObjectKeys(assertModule);
for (let i = 0; i < names.length; i++) strict[names[i]] = assertModule[names[i]];
strict.equal = assertModule.strictEqual;
strict.deepEqual = assertModule.deepStrictEqual;
strict.notEqual = assertModule.notStrictEqual;
strict.notDeepEqual = assertModule.notDeepStrictEqual;
strict.strict = strict;
assertModule.strict = strict;

module.exports = assertModule;
