module ppbus_beat #(
    parameter integer L = 1   // channel latency in cycles; the beat is every 4L+4 cycles
) (
    input  wire clk,
    input  wire rst,
    output wire beat,   // this cycle is a multiple of 4L+4 cycles from reset
    output wire odd     // this cycle's parity, counted from reset
);
    // The +heal beat of one unit (docs/PROTOCOL.md "Healing", H5): every unit counts it from the
    // same reset, so all units beat in the same cycles without a wire between them. The period is
    // even, so bit 0 of the count is the cycle's parity, which H6 keeps per link.
    localparam integer PERIOD = 4 * L + 4;
    localparam integer BW     = $clog2(PERIOD);  // bits to count from 0 to PERIOD - 1
    localparam integer LASTI  = PERIOD - 1;
    localparam [BW-1:0] LAST  = LASTI[BW-1:0];
    localparam [BW-1:0] ONE   = 1;

    reg [BW-1:0] count_q;

    always @(posedge clk) begin
        if (rst || count_q == LAST) begin
            count_q <= {BW{1'b0}};
        end else begin
            count_q <= count_q + ONE;
        end
    end

    assign beat = (count_q == {BW{1'b0}});
    assign odd  = count_q[0];
endmodule
