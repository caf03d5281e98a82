// modules/octo/octo.routes.ts still imports these from the old home; this file goes once it imports from
// modules/auditoria/auditoria.ts (glossary: auditoría)
export { actorOf, audited } from "../auditoria/auditoria.ts";
