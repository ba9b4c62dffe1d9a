"""Assembler and disassembler, driven entirely by the instruction database."""
