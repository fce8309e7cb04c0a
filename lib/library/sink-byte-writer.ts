import { ByteWriter } from 'hyparquet-writer';
import type { TableSink } from './table-sink';

/**
 * A Parquet writer's buffer that hands what it holds to a sink at each flush (the Parquet writer flushes
 * after every row group, and waits for a flush that returns a promise) and at the end, so a file of any
 * size passes through a buffer of one row group. `offset` keeps counting every byte: the file's metadata
 * gives each column chunk's place in the whole file.
 */
export class SinkByteWriter extends ByteWriter {
  readonly #sink: TableSink;

  constructor(sink: TableSink) {
    super(64 * 1024);
    this.#sink = sink;
  }

  async flush(): Promise<void> {
    if (this.index === 0) return;
    const piece = new Uint8Array(this.buffer.slice(0, this.index));
    this.index = 0;
    await this.#sink.write(piece);
  }

  override finish(): Promise<void> {
    return this.flush();
  }
}
