// Pattern: an Express router answers HEAD and GET for a model file after
// checking it with existsSync and statSync on every request.
import { existsSync, statSync, createReadStream } from 'fs';
import express from 'express';
const router = express.Router();
const file = process.env.MODEL_PATH;
router.head('/model.glb', (req, res) => {
  if (!file || !existsSync(file)) return res.status(404).end(); // hazard // want "fs.existsSync blocks the event loop in a request handler"
  res.set('Content-Length', String(statSync(file).size)).end(); // hazard // want "fs.statSync blocks the event loop in a request handler"
});
router.get('/model.glb', (req, res) => {
  if (!file || !existsSync(file)) return res.status(404).end(); // hazard // want "fs.existsSync blocks the event loop in a request handler"
  createReadStream(file).pipe(res);
});
export default router;
