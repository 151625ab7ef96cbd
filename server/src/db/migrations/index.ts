import { Foundation1795310108703 } from "./1795310108703-Foundation.js";
import { Accounts1795312126846 } from "./1795312126846-Accounts.js";
import { Villages1795313250191 } from "./1795313250191-Villages.js";
import { GenealogyCore1795314175272 } from "./1795314175272-GenealogyCore.js";
import { Unions1795317465344 } from "./1795317465344-Unions.js";

/** Every migration in order; a new one is appended here. */
export const migrations = [Foundation1795310108703, Accounts1795312126846, Villages1795313250191, GenealogyCore1795314175272, Unions1795317465344];
