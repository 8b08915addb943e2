package payments.bankfile;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Where bank files are exchanged: folders on this machine or on the bank's SFTP server. Blocking;
 * callers run it on a worker thread. Paths are folders relative to the configured root.
 */
public interface BankFileTransport {

    /** Names of the files (not folders) in {@code folder}, sorted; none when it does not exist. */
    List<String> list(String folder) throws IOException;

    /**
     * The file's content; null when it is gone (another instance took it after the listing).
     * Throws {@link Refused} for a file larger than {@code maxBytes} or one that is not a regular
     * file (a symbolic link could make the server read any file it may).
     */
    byte[] read(String folder, String name, long maxBytes) throws IOException;

    /** A file in the inbox this server does not read; it is quarantined unread. */
    final class Refused extends IOException {
        public Refused(String message) {
            super(message);
        }
    }

    /** At most {@code maxBytes} of the stream; {@link Refused} when there are more. */
    static byte[] bounded(InputStream in, long maxBytes) throws IOException {
        byte[] content = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        if (content.length > maxBytes) {
            throw new Refused("larger than the " + maxBytes + " bytes a bank file may have (svc.bank-files.max-file-bytes)");
        }
        return content;
    }

    /**
     * Writes the file so that the bank never sees it half written (a temporary name, then a rename
     * over any file of the same name): writing the same file again leaves one whole copy.
     */
    void write(String folder, String name, byte[] content) throws IOException;

    /**
     * Moves a read file to {@code toFolder} (created when missing) under {@code targetName},
     * replacing a file of that name; one already gone (another instance moved it) is no error:
     * false then, true when this call moved it.
     */
    boolean move(String folder, String name, String toFolder, String targetName) throws IOException;
}
