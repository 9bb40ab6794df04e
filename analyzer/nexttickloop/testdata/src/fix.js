function spin() {
  process.nextTick(spin); // want "spin re-schedules itself"
}
spin();
