/** The worker threads' entry: Rootpedia's text tasks (text-tasks.ts), run as common/work-pool asks. */
import { taskRunner } from "../../common/work-task.js";
import * as tasks from "./text-tasks.js";

export default taskRunner(tasks);
