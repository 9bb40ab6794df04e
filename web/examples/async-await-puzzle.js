// The interview classic: async functions, promises and a timer.
async function first() {
  console.log('first start');
  await second();
  console.log('first end');
}

async function second() {
  console.log('second');
}

console.log('script start');

setTimeout(() => console.log('setTimeout'), 0);

first();

new Promise((resolve) => {
  console.log('promise executor');
  resolve();
}).then(() => {
  console.log('then 1');
}).then(() => {
  console.log('then 2');
});

console.log('script end');
