import type { Config } from "../../config.js";
import { DiskStorage } from "./disk.storage.js";
import { S3Storage } from "./s3.storage.js";
import type { FileStorage } from "./storage.js";

export { DiskStorage } from "./disk.storage.js";
export { S3Storage, type S3Settings } from "./s3.storage.js";
export { checkKey, readStored, StoredFileMissing, type FileStorage, type StoredFile } from "./storage.js";

const made = new WeakMap<Config, FileStorage>();

/**
 * The file storage the configuration picks (STORAGE_BACKEND), one per configuration: the upload
 * route, the import runner and the services of one server share it (and its S3 connections).
 */
export function fileStorage(config: Config): FileStorage {
  let storage = made.get(config);
  if (!storage) {
    storage =
      config.STORAGE_BACKEND === "s3"
        ? new S3Storage({
            bucket: config.S3_BUCKET!,
            endpoint: config.S3_ENDPOINT,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
          })
        : new DiskStorage(config.STORAGE_DIR);
    made.set(config, storage);
  }
  return storage;
}
