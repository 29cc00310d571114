/** Moved beside the door layer, whose off-loop body checker decodes large Structs too (libs/service/src/door/wire-json.ts). */
export { WireJson, isWireError, wire } from '@svc/service';
