module ppbus_dc_arbiter (
    input  wire clk,
    input  wire rst,
    input  wire br_line,     // BR: someone asks
    input  wire bbsy_line,   // BBSY: the owner still wants the bus
    input  wire chain_line,  // a grant is on the chain
    output wire bg           // the grant into position 0, in the next cycle
);
    // The source of the chain (VMEbus slot 1): sends one grant when someone asks, the bus is not
    // busy and no grant is on its way. A grant nobody takes falls off the end; then it sends another.
    reg bg_q;

    always @(posedge clk) begin
        if (rst) begin
            bg_q <= 1'b0;
        end else begin
            bg_q <= br_line & ~bbsy_line & ~chain_line;
        end
    end

    assign bg = bg_q;
endmodule
