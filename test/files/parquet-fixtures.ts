/**
 * Parquet files for the files tests: the committed zstd and gzip ones (test/files/parquet/, made by
 * its script), and files written here with hyparquet-writer (snappy, its default), real Parquet
 * either way.
 */
import {parquetWriteBuffer, type ColumnSource} from 'hyparquet-writer';

/** A committed fixture of test/files/parquet/ as a File named `name` (default: its own name). */
export async function parquetFixture(fixture: string, name = fixture): Promise<File> {
  const response = await fetch(`/test/files/parquet/${fixture}`);
  if (!response.ok) throw new Error(`fixture ${fixture}: ${response.status}`);
  return new File([await response.arrayBuffer()], name, {type: 'application/vnd.apache.parquet'});
}

/** A Parquet file of `columns` written now (snappy), in row groups of `rowGroupSize` rows. */
export function parquetOf(name: string, columns: ColumnSource[], rowGroupSize = 1000): File {
  return new File([parquetWriteBuffer({columnData: columns, rowGroupSize})], name);
}

/** Every type the readers map, with empty cells: each value's column, in two row groups. */
export function typedParquet(name = 'typed.parquet'): File {
  return parquetOf(
    name,
    [
      {name: 'Id', data: [1n, 2n, 3n], type: 'INT64'},
      {name: 'Big', data: [1n, 2n, 9007199254740993n], type: 'INT64'},
      {name: 'Label', data: ['alpha', null, 'gamma'], type: 'STRING'},
      {name: 'Score', data: [1.5, 2, null], type: 'DOUBLE'},
      {name: 'Ok', data: [true, false, null], type: 'BOOLEAN'},
      {name: 'Seen', data: [new Date('2024-03-01T09:30:00Z'), new Date('2024-03-02T00:00:00.250Z'), null], type: 'TIMESTAMP'},
      {name: 'Meta', data: [{tags: ['a', 'b']}, null, {n: 3}], type: 'JSON'},
    ],
    2,
  );
}
