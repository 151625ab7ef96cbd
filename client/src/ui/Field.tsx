/** The older name of TextInput, kept for the forms that import it. */
export { TextInput as Field } from "./TextInput";
