// Every lazy screen, loaded before the first test of a worker. Files share a worker's modules (isolate: false): a
// screen still loading when its file ended would be torn down half loaded, and every later file of that worker that
// opened it would time out (seen in the mini-app's tests, CI 28 Nov).
import.meta.glob('../../src/screens/*.tsx', { eager: true })
